import { describe, expect, it } from 'vitest';
import { isQuoteSentence, leadStart, looksLikeArticle, quotedShares } from './article';
import { parseNote } from './structure';

const shares = (text: string) => {
  const units = parseNote(text).units;
  return { units, shares: [...quotedShares(units)] };
};

describe('quotedShares', () => {
  it('follows a quotation over several sentences of a paragraph', () => {
    const { units, shares: s } = shares(
      '"We have boats out. Stay off the water. It is moving fast," Sheriff Kessler said at the fairgrounds. The river rose again overnight.',
    );
    expect(units.map((u) => u.body)).toHaveLength(4);
    expect(s[0]).toBeGreaterThan(0.8); // "We have boats out.
    expect(s[1]).toBe(1); // Stay off the water. (no quote mark of its own)
    expect(s[2]).toBeGreaterThan(0.2); // It is moving fast," Sheriff Kessler said …
    expect(s[2]).toBeLessThan(0.6);
    expect(s[3]).toBe(0);
  });

  it('does not take apostrophes for quotes', () => {
    const { shares: s } = shares(
      "The city's plan ignores the parents' worries. Officials don't agree. The board's vote is on Monday.",
    );
    expect(s).toEqual([0, 0, 0]);
  });

  it('reads British single quotes and curly quotes', () => {
    const { shares: s } = shares(
      "'It is like opening a time capsule,' said Dr Ferraro. “Every cargo is a snapshot of an economy,” Professor Duval added. The ship lies 58 metres down.",
    );
    expect(s[0]).toBeGreaterThan(0.5);
    expect(s[1]).toBeGreaterThan(0.5);
    expect(s[2]).toBe(0);
  });

  it('gives up on a stray quote mark after a few sentences and at a new paragraph', () => {
    const run = Array.from({ length: 8 }, (_, i) => `Sentence ${i} is plain.`).join(' ');
    const { shares: s } = shares(`He wrote "draft. ${run}\n\nA new paragraph starts here.`);
    expect(s.at(-1)).toBe(0);
    expect(s.filter((x) => x === 1).length).toBeLessThanOrEqual(4);
  });
});

describe('isQuoteSentence', () => {
  it('is a sentence mostly in quotes, or one that opens with a quote', () => {
    expect(isQuoteSentence('"This was not a cyberattack," Park said in a video.', 0.3)).toBe(true);
    expect(isQuoteSentence('Board member Janet Cole called the vote "premature."', 0.2)).toBe(
      false,
    );
    expect(isQuoteSentence('Stay off the water.', 1)).toBe(true);
  });
});

describe('leadStart', () => {
  it('finds wire datelines', () => {
    const cases: [string, string][] = [
      ['RIVERTON — Rising water forced', 'Rising water forced'],
      ['ST. CLAIR (Newsline) -- Nurses returned', 'Nurses returned'],
      ['(CNN) -- Police arrested', 'Police arrested'],
      ['LONDON, England (CNN) -- The prime minister', 'The prime minister'],
      ['WASHINGTON – The Senate voted', 'The Senate voted'],
    ];
    for (const [text, lead] of cases) expect(text.slice(leadStart(text))).toBe(lead);
  });

  it('finds a dateline after a headline run into it, as copied web pages have', () => {
    const text =
      'Voters reject public money for new stadium KINGSPORT — Voters in Kingsport rejected';
    expect(text.slice(leadStart(text))).toBe('Voters in Kingsport rejected');
  });

  it('finds none in ordinary sentences', () => {
    for (const text of [
      'The plan — as agreed — starts on Monday.',
      'I — honestly — forgot the keys again.',
      'We met the CEO — and she said yes. Then LONDON — no.',
      'Buy milk, eggs and bread.',
    ]) {
      expect(leadStart(text)).toBe(0);
    }
  });
});

describe('looksLikeArticle', () => {
  const detect = (text: string) => {
    const units = parseNote(text).units;
    return looksLikeArticle(units, quotedShares(units)).article;
  };

  const news = [
    'MILLBROOK — A city road crew filled more than 1,200 potholes in a single weekend, officials said on Monday.',
    'The repair blitz cost about $180,000 and covered 40 miles of roads.',
    '"We have potholes on every street," road supervisor Dan Ruiz said.',
    'The budget for repairs has been cut by a third since 2019.',
    'Ruiz said crews would return to side streets in April.',
    'Drivers have filed 310 damage claims this year, according to the city.',
    'The council will vote on extra money next month.',
  ].join(' ');

  it('recognises a news story by its dateline, quotes and attributions', () => {
    expect(detect(news)).toBe(true);
    // Without the dateline, the quotes and attributions alone are enough.
    expect(detect(news.replace('MILLBROOK — ', ''))).toBe(true);
  });

  it('leaves journals, meeting notes and to-do lists alone', () => {
    const journal =
      'Ran my first half marathon today. Legs felt fine until kilometre 15. Mum said I looked happy at the finish. We had pancakes after. I want to try a full marathon next year. Need better shoes first.';
    const meeting =
      'Standup\n\nPriya finished the export feature. Marco is still on the login bug. Dana said the release moves to Friday. QA needs two more days. We agreed to skip the demo. Next standup on Monday.';
    const todo = 'TODO — weekend\n- buy milk\n- call the bank\n- fix the tap\n- book the van';
    expect(detect(journal)).toBe(false);
    expect(detect(meeting)).toBe(false);
    expect(detect(todo)).toBe(false);
    // An upper-case word and a dash open the note, but nothing is reported: no dateline.
    expect(
      detect(
        'TODO — finish the slides. Then email the team. Book the room for Thursday. Print the handouts. Order lunch for twelve. Check the projector.',
      ),
    ).toBe(false);
  });
});
