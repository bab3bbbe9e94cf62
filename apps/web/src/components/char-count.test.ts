import { describe, expect, it } from 'vitest';
import { charsLeftHint } from './char-count';

describe('charsLeftHint', () => {
  it('says nothing far from the limit', () => {
    expect(charsLeftHint('', 100)).toBe('');
    expect(charsLeftHint('x'.repeat(79), 100)).toBe('');
  });

  it('counts down from a fifth of the limit (at least 10 characters)', () => {
    expect(charsLeftHint('x'.repeat(80), 100)).toBe('20 characters left');
    expect(charsLeftHint('x'.repeat(99), 100)).toBe('1 character left');
    expect(charsLeftHint('x'.repeat(100), 100)).toBe('0 characters left');
    expect(charsLeftHint('x'.repeat(29), 40)).toBe('');
    expect(charsLeftHint('x'.repeat(30), 40)).toBe('10 characters left');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(charsLeftHint('😀'.repeat(90), 100)).toBe('10 characters left');
  });
});
