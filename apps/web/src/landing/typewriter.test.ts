import { describe, expect, it } from 'vitest';
import { TYPEWRITER, TYPEWRITER_START, typewriterStep } from './typewriter';

/** The text shown at each moment it changes, over `cycles` full cycles. */
function timeline(word: string, untilMs: number) {
  const out: Array<[number, string]> = [[0, '']];
  let state = TYPEWRITER_START;
  let t = 0;
  while (t < untilMs) {
    const { delay, next } = typewriterStep(state, word.length);
    t += delay;
    if (next.shown !== state.shown) out.push([t, word.slice(0, next.shown)]);
    state = next;
  }
  return out;
}

describe('typewriterStep', () => {
  it('types at 150 ms, holds 1000 ms, deletes at 80 ms, pauses 500 ms, and repeats', () => {
    const events = timeline('Prodify', 6000);
    // Typing: a letter every 150 ms; the word is complete at 7 × 150 = 1050 ms.
    expect(events.slice(0, 8)).toEqual([
      [0, ''],
      [150, 'P'],
      [300, 'Pr'],
      [450, 'Pro'],
      [600, 'Prod'],
      [750, 'Prodi'],
      [900, 'Prodif'],
      [1050, 'Prodify'],
    ]);
    // Held for 1000 ms, then a letter goes every 80 ms: 'Prodif' at 1050 + 1000 + 80.
    expect(events[8]).toEqual([2130, 'Prodif']);
    expect(events[14]).toEqual([2130 + 6 * 80, '']);
    // Empty for 500 ms, then typing starts over 150 ms later.
    expect(events[15]).toEqual([2610 + 500 + 150, 'P']);
    const cycle = 2610 + 500;
    expect(events[15]?.[0]).toBe(cycle + TYPEWRITER.typeMs);
    expect(events.filter(([, text]) => text === 'Prodify').map(([t]) => t)).toEqual([
      1050,
      cycle + 1050,
    ]);
  });

  it('never shows more than the word or less than nothing', () => {
    let state = TYPEWRITER_START;
    for (let i = 0; i < 100; i++) {
      state = typewriterStep(state, 3).next;
      expect(state.shown).toBeGreaterThanOrEqual(0);
      expect(state.shown).toBeLessThanOrEqual(3);
    }
  });
});
