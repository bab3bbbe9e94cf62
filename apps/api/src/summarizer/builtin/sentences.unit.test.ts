import { describe, expect, it } from 'vitest';
import { breakLongSentence, MAX_SENTENCE_WORDS, splitSentences } from './sentences';

describe('splitSentences', () => {
  it('splits ordinary prose at sentence ends', () => {
    expect(splitSentences('We met at noon. It rained! Did you bring the keys? Yes.')).toEqual([
      'We met at noon.',
      'It rained!',
      'Did you bring the keys?',
      'Yes.',
    ]);
  });

  it('does not split after titles and Latin abbreviations', () => {
    expect(
      splitSentences('Dr. Smith met Mr. Brown and Mrs. Li at St. Mary’s. They talked.'),
    ).toEqual(['Dr. Smith met Mr. Brown and Mrs. Li at St. Mary’s.', 'They talked.']);
    expect(
      splitSentences('Bring tools, e.g. Hammers and saws. Also food, i.e. Lunch. Done.'),
    ).toEqual(['Bring tools, e.g. Hammers and saws.', 'Also food, i.e. Lunch.', 'Done.']);
    expect(
      splitSentences('Prices rose 3% vs. Last year. The No. 1 issue is cost (cf. Fig. 2).'),
    ).toEqual(['Prices rose 3% vs. Last year.', 'The No. 1 issue is cost (cf. Fig. 2).']);
  });

  it('keeps "U.S." inside a sentence but ends a sentence there when a new one starts', () => {
    expect(
      splitSentences('The U.S. Army arrived in 1944. He moved to the U.S. The move was hard.'),
    ).toEqual(['The U.S. Army arrived in 1944.', 'He moved to the U.S.', 'The move was hard.']);
    expect(
      splitSentences(
        'Shares of Northwind Foods Inc. rose 11% after the U.S. snack maker reported.',
      ),
    ).toEqual(['Shares of Northwind Foods Inc. rose 11% after the U.S. snack maker reported.']);
  });

  it('keeps initials with the name', () => {
    expect(
      splitSentences('John F. Kennedy spoke. J. R. R. Tolkien wrote. We chose Plan B. The end.'),
    ).toEqual([
      'John F. Kennedy spoke.',
      'J. R. R. Tolkien wrote.',
      'We chose Plan B.',
      'The end.',
    ]);
  });

  it('never splits decimals, amounts, versions, times or dates', () => {
    expect(
      splitSentences(
        'Revenue grew 8.2% to $3.47 billion. We rolled back to v3.14.2 at 9.30 a.m. on Oct. 1 today.',
      ),
    ).toEqual([
      'Revenue grew 8.2% to $3.47 billion.',
      'We rolled back to v3.14.2 at 9.30 a.m. on Oct. 1 today.',
    ]);
  });

  it('splits before a sentence that starts with a number', () => {
    expect(splitSentences('Sara showed the beta. 1,240 people installed it.')).toEqual([
      'Sara showed the beta.',
      '1,240 people installed it.',
    ]);
  });

  it('keeps URLs and e-mail addresses whole, even with ? and ! inside', () => {
    expect(
      splitSentences(
        'See https://example.com/a.b?c=d!e&f=G. Then write to john.doe@example.org! Thanks.',
      ),
    ).toEqual([
      'See https://example.com/a.b?c=d!e&f=G.',
      'Then write to john.doe@example.org!',
      'Thanks.',
    ]);
    expect(splitSentences('Docs at www.example.com/Guide. Next step.')).toEqual([
      'Docs at www.example.com/Guide.',
      'Next step.',
    ]);
  });

  it('handles emoji inside and at the end of sentences', () => {
    expect(splitSentences('Great news 🎉 We won. Party at 8 😀! See you 👋')).toEqual([
      'Great news 🎉 We won.',
      'Party at 8 😀!',
      'See you 👋',
    ]);
    expect(splitSentences('🎉🎉🎉')).toEqual(['🎉🎉🎉']);
  });

  it('handles ellipses, ?! and quotes', () => {
    expect(splitSentences('Wait... what? Really?! He said "Go now." Then he left.')).toEqual([
      'Wait... what?',
      'Really?!',
      'He said "Go now."',
      'Then he left.',
    ]);
  });

  it('keeps a quoted question inside its sentence', () => {
    expect(
      splitSentences('Sieyès\' "What is the Third Estate?" (Jan. 1789) argued a point. Next.'),
    ).toEqual(['Sieyès\' "What is the Third Estate?" (Jan. 1789) argued a point.', 'Next.']);
  });

  it('collapses line breaks and returns nothing for blank input', () => {
    expect(splitSentences('one line\ncontinues here. Two.')).toEqual([
      'one line continues here.',
      'Two.',
    ]);
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('  \n\t ')).toEqual([]);
  });

  it('works for other Latin-script languages', () => {
    expect(
      splitSentences('Le car coûte 1 150 €. M. Dubois propose la sortie. Très bien !'),
    ).toEqual(['Le car coûte 1 150 €.', 'M. Dubois propose la sortie.', 'Très bien !']);
    expect(splitSentences('¿Vienes mañana? Sí, a las 8. Vale.')).toEqual([
      '¿Vienes mañana?',
      'Sí, a las 8.',
      'Vale.',
    ]);
  });
});

describe('breakLongSentence', () => {
  it('leaves ordinary sentences alone', () => {
    expect(breakLongSentence('A short one.')).toEqual(['A short one.']);
  });

  it('cuts a run-on into pieces no longer than the maximum, at commas when it can', () => {
    const words = Array.from({ length: 150 }, (_, i) => `w${i}${i % 20 === 19 ? ',' : ''}`);
    const pieces = breakLongSentence(words.join(' '));
    expect(pieces.length).toBeGreaterThan(2);
    for (const p of pieces) expect(p.split(' ').length).toBeLessThanOrEqual(MAX_SENTENCE_WORDS);
    expect(pieces.join(' ')).toBe(words.join(' '));
    expect(pieces[0]!.endsWith(',')).toBe(true);
  });
});
