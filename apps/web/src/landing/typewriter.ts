/** Landing title timings: how fast the title types and erases, and its pauses (ADR 0200). */
export const TYPEWRITER = {
  typeMs: 150,
  holdMs: 1000,
  deleteMs: 80,
  pauseMs: 500,
} as const;

export type Timings = { typeMs: number; holdMs: number; deleteMs: number; pauseMs: number };

/** How many letters are shown, and whether the title is on its way down. */
export interface TypewriterState {
  shown: number;
  deleting: boolean;
}

export const TYPEWRITER_START: TypewriterState = { shown: 0, deleting: false };

/**
 * The next state and the delay before it. Typing adds a letter every `typeMs`; a full word is
 * held for `holdMs`, then deleting removes a letter every `deleteMs`; an empty title waits
 * `pauseMs`, then typing starts over.
 */
export function typewriterStep(
  state: TypewriterState,
  length: number,
  timings: Timings = TYPEWRITER,
): { delay: number; next: TypewriterState } {
  if (!state.deleting && state.shown >= length) {
    return { delay: timings.holdMs, next: { shown: length, deleting: true } };
  }
  if (state.deleting && state.shown <= 0) {
    return { delay: timings.pauseMs, next: { shown: 0, deleting: false } };
  }
  if (state.deleting) {
    return { delay: timings.deleteMs, next: { shown: state.shown - 1, deleting: true } };
  }
  return { delay: timings.typeMs, next: { shown: state.shown + 1, deleting: false } };
}
