import { END_TIME_MESSAGES } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { endAfter, endTimeError, spanOf } from './event-times';

describe('an event moved keeps its length', () => {
  it('measures the span between start and end', () => {
    expect(spanOf('19:30', '20:30')).toBe(60);
    expect(spanOf('09:00', '09:45')).toBe(45);
    expect(spanOf('09:00', '')).toBeUndefined();
    expect(spanOf('10:00', '09:00')).toBeUndefined();
  });

  it('puts the end the same span after the new start, on the same day only', () => {
    // "Evening yoga 19:30–20:30" moved to 20:45.
    expect(endAfter('20:45', spanOf('19:30', '20:30'))).toBe('21:45');
    expect(endAfter('10:00', 30)).toBe('10:30');
    expect(endAfter('23:00', 59)).toBe('23:59');
    expect(endAfter('23:30', 60)).toBeUndefined();
    expect(endAfter('', 60)).toBeUndefined();
    expect(endAfter('10:00', undefined)).toBeUndefined();
  });

  it("checks the end with the contract's rule and words", () => {
    expect(endTimeError('09:00', '10:30')).toBe('');
    expect(endTimeError('09:00', '')).toBe('');
    expect(endTimeError('09:00', '09:00')).toBe(END_TIME_MESSAGES.notAfter);
    expect(endTimeError('', '10:00')).toBe(END_TIME_MESSAGES.withoutTime);
  });
});
