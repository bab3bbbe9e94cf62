import { describe, expect, it } from 'vitest';
import { parseNote } from './structure';

const texts = (note: string) => parseNote(note).units.map((u) => u.text);

describe('parseNote', () => {
  it('takes a short first line without end punctuation as the title', () => {
    const s = parseNote(
      'Standup – Tue 14 May\n\nPriya finished the export. Marco is on the login bug.',
    );
    expect(s.title).toBe('Standup – Tue 14 May');
    expect(s.units.map((u) => u.text)).toEqual([
      'Priya finished the export.',
      'Marco is on the login bug.',
    ]);
  });

  it('reads Markdown headings as titles and sections, not as sentences', () => {
    const s = parseNote(
      '# Product sync\n\nWe met.\n\n## Decisions\n- Launch on June 3\n- Tablets in Q3',
    );
    expect(s.title).toBe('Product sync');
    expect(s.units.map((u) => [u.text, u.section])).toEqual([
      ['We met.', undefined],
      ['Launch on June 3', 'Decisions'],
      ['Tablets in Q3', 'Decisions'],
    ]);
  });

  it('strips bullet, number and check-box markers and remembers ticked items', () => {
    const s = parseNote(
      [
        'Weekend',
        '- [ ] pick up dry cleaning',
        '- [x] pay electricity bill',
        '* call grandma',
        '• fix the tap',
        '1. book the van',
        '2) ask Sam to help',
        'a) buy boxes',
        '[ ] change address',
      ].join('\n'),
    );
    expect(s.units.map((u) => [u.text, u.kind, u.done])).toEqual([
      ['pick up dry cleaning', 'item', false],
      ['pay electricity bill', 'item', true],
      ['call grandma', 'item', false],
      ['fix the tap', 'item', false],
      ['book the van', 'item', false],
      ['ask Sam to help', 'item', false],
      ['buy boxes', 'item', false],
      ['change address', 'item', false],
    ]);
  });

  it('splits a list item into sentences and joins its indented continuation lines', () => {
    expect(
      texts('Notes\n1. Roof repair. The leak came back.\n2. Bikes in the\n   storage room.'),
    ).toEqual(['Roof repair.', 'The leak came back.', 'Bikes in the storage room.']);
  });

  it('joins hard-wrapped prose into sentences', () => {
    const note = [
      'The council voted on Tuesday to build forty miles of protected bike',
      'lanes over the next five years, the largest cycling investment in the',
      'history of the city. Construction starts in April on Main Street and',
      'the Riverside corridor.',
    ].join('\n');
    expect(texts(note)).toEqual([
      'The council voted on Tuesday to build forty miles of protected bike lanes over the next five years, the largest cycling investment in the history of the city.',
      'Construction starts in April on Main Street and the Riverside corridor.',
    ]);
  });

  it('keeps one-thought-per-line notes apart, even without punctuation', () => {
    const note = [
      'brain dump sunday night',
      'need to book the car in for its service the warning light has been on for two weeks',
      'mom’s birthday is on the 12th',
      'taxes!! accountant wants the receipts by the end of the month',
      'cancel the gym',
    ].join('\n');
    expect(texts(note)).toEqual([
      'need to book the car in for its service the warning light has been on for two weeks',
      'mom’s birthday is on the 12th',
      'taxes!!',
      'accountant wants the receipts by the end of the month',
      'cancel the gym',
    ]);
  });

  it('recognizes a chat transcript and keeps the speaker on every sentence', () => {
    const s = parseNote(
      [
        'Amanda: I baked cookies. Do you want some?',
        'Jerry: Sure!',
        'Amanda: I’ll bring you tomorrow :-)',
      ].join('\n'),
    );
    expect(s.isChat).toBe(true);
    expect(s.units.map((u) => [u.speaker, u.text, u.body])).toEqual([
      [
        'Amanda',
        'Amanda: I baked cookies. Do you want some?',
        'I baked cookies. Do you want some?',
      ],
      ['Jerry', 'Jerry: Sure!', 'Sure!'],
      ['Amanda', 'Amanda: I’ll bring you tomorrow :-)', 'I’ll bring you tomorrow :-)'],
    ]);
  });

  it('splits long chat turns into sentences, each with its speaker', () => {
    const long = `${'We should really plan the trip soon because prices go up every week. '.repeat(3)}Agreed?`;
    const s = parseNote(`Ana: ${long}\nBen: yes\nAna: great`);
    const anas = s.units.filter((u) => u.speaker === 'Ana');
    expect(anas.length).toBeGreaterThan(2);
    for (const u of anas) expect(u.text.startsWith('Ana: ')).toBe(true);
    expect(new Set(anas.slice(0, -1).map((u) => u.group)).size).toBe(1);
  });

  it('drops chat timestamps, accepts titled speakers and joins wrapped messages', () => {
    const s = parseNote(
      [
        '[09:02] Kai: heads up, error rate jumped to 8%',
        '[09:03] Lena: looking. which service?',
        '09:05 Mr. Reyes: the callback timeout is 2s',
        'instead of 10s',
        '[09:06] Kai: can we roll back?',
      ].join('\n'),
    );
    expect(s.isChat).toBe(true);
    expect(s.units.map((u) => u.text)).toEqual([
      'Kai: heads up, error rate jumped to 8%',
      'Lena: looking. which service?',
      'Mr. Reyes: the callback timeout is 2s instead of 10s',
      'Kai: can we roll back?',
    ]);
  });

  it('keeps "Label: text" lines whole when the note is not a chat', () => {
    const s = parseNote(
      'Mon: finish the slides\nTue: interview two candidates\nWed: vendor meeting',
    );
    expect(s.isChat).toBe(false);
    expect(s.units.map((u) => u.text)).toEqual([
      'Mon: finish the slides',
      'Tue: interview two candidates',
      'Wed: vendor meeting',
    ]);
  });

  it('takes a "Label: text" first line standing alone as the title', () => {
    const s = parseNote('Book notes: "Deep Work"\n\nMain idea: focus. Rules: four of them.');
    expect(s.title).toBe('Book notes: "Deep Work"');
    expect(s.units.map((u) => u.text)).toEqual(['Main idea: focus.', 'Rules: four of them.']);
  });

  it('handles Windows line endings, rules and blank-only input', () => {
    expect(texts('Title\r\n\r\nOne. Two.\r\n---\r\nThree.')).toEqual(['One.', 'Two.', 'Three.']);
    expect(parseNote('').units).toEqual([]);
    expect(parseNote('\n\n   \n').units).toEqual([]);
  });

  it('marks paragraph openings and numbers blocks', () => {
    const s = parseNote('First one. Second one.\n\nThird one. Fourth one.');
    expect(s.units.map((u) => [u.block, u.leading])).toEqual([
      [0, true],
      [0, false],
      [1, true],
      [1, false],
    ]);
  });
});
