import { describe, expect, it } from 'vitest';
import { lcsLength, rouge, rougeTokens } from './rouge';

describe('ROUGE scorer', () => {
  it('matches the published rouge-score example (stemmed ROUGE-1 and ROUGE-L)', () => {
    // The example from the rouge-score package's documentation, with its published figures.
    const s = rouge(
      'The quick brown dog jumps on the log.',
      'The quick brown fox jumps over the lazy dog',
    );
    expect(s.rouge1.precision).toBeCloseTo(0.75, 6);
    expect(s.rouge1.recall).toBeCloseTo(6 / 9, 6);
    expect(s.rouge1.f).toBeCloseTo(0.7058823529, 6);
    expect(s.rougeL.precision).toBeCloseTo(0.625, 6);
    expect(s.rougeL.recall).toBeCloseTo(5 / 9, 6);
    expect(s.rougeL.f).toBeCloseTo(0.5882352941, 6);
  });

  it('counts bigrams with clipping', () => {
    // candidate bigrams: "the cat", "cat the", "the cat" (2x "the cat"); reference has it once.
    const s = rouge('the cat the cat', 'the cat sat');
    expect(s.rouge2.precision).toBeCloseTo(1 / 3, 6);
    expect(s.rouge2.recall).toBeCloseTo(1 / 2, 6);
  });

  it('gives 1 for identical texts and 0 for disjoint or empty ones', () => {
    const same = rouge('Notes are private.', 'notes are private');
    expect(same.rouge1.f).toBe(1);
    expect(same.rouge2.f).toBe(1);
    expect(same.rougeL.f).toBe(1);
    expect(rouge('alpha beta', 'gamma delta').rouge1.f).toBe(0);
    expect(rouge('', 'gamma delta').rougeL.f).toBe(0);
    expect(rouge('one', 'one').rouge2.f).toBe(0); // no bigrams at all
  });

  it('tokenizes case-insensitively, drops punctuation, stems English and keeps accented words', () => {
    expect(rougeTokens('Running, RUNS; ran!')).toEqual(['run', 'run', 'ran']);
    expect(rougeTokens('Réunion à 8 h', false)).toEqual(['réunion', 'à', '8', 'h']);
  });

  it('computes the longest common subsequence', () => {
    expect(lcsLength(['a', 'b', 'c', 'd'], ['a', 'c', 'd', 'b'])).toBe(3);
    expect(lcsLength([], ['a'])).toBe(0);
  });
});
