import { USERNAME_PATTERN } from '@prodify/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caseFold, mixesScripts, usernameKey } from './username';

describe('usernameKey: NFKC, then a full case fold', () => {
  it('folds what toLowerCase does not', () => {
    expect(usernameKey('Straße')).toBe('strasse');
    expect(usernameKey('STRASSE')).toBe('strasse');
    expect(usernameKey('ẞ')).toBe('ss');
    expect('ß'.toLowerCase()).toBe('ß'); // why toLowerCase is not enough
    // Final and medial sigma are one letter.
    expect(usernameKey('ΟΔΟΣ')).toBe(usernameKey('οδος'));
    expect(usernameKey('οδος')).toBe('οδοσ');
    // Ligatures and the long s.
    expect(usernameKey('ﬃx')).toBe('ffix');
    expect(usernameKey('ſam')).toBe('sam');
  });

  it('gives İ its full folding, i + combining dot, as CaseFolding.txt does (not Turkic)', () => {
    expect(usernameKey('İ')).toBe('i\u0307');
    expect(caseFold('İ')).toBe('i\u0307');
    expect(usernameKey('alİce')).not.toBe(usernameKey('alice'));
    // The dotless ı has no non-Turkic folding.
    expect(usernameKey('ı')).toBe('ı');
  });

  it('maps fullwidth and other compatibility forms', () => {
    expect(usernameKey('ＡＬＩＣＥ')).toBe('alice');
    expect(usernameKey('ａｌｉｃｅ１')).toBe('alice1');
    expect(usernameKey('Ⅻ')).toBe('xii');
    // Composed and decomposed spellings are one name.
    expect(usernameKey('Jose\u0301')).toBe(usernameKey('José'));
  });

  it('is stable: the key of a key is itself', () => {
    const nameChar = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
      .filter((s) => USERNAME_PATTERN.test(s));
    fc.assert(
      fc.property(nameChar, (name) => usernameKey(usernameKey(name)) === usernameKey(name)),
      { numRuns: 2000 },
    );
    for (const name of ['İİ', 'ΐ', 'ﬀ', 'ǅ', 'ᾼ', 'ͅ', 'Ω', 'K', 'Å']) {
      expect(usernameKey(usernameKey(name))).toBe(usernameKey(name));
    }
  });
});

describe('mixesScripts: TS #39 single-script rule', () => {
  it('refuses a Cyrillic letter among Latin ones', () => {
    expect(mixesScripts('p\u0430ypal')).toBe(true); // Cyrillic а
    expect(mixesScripts('\u0430lice')).toBe(true);
    expect(mixesScripts('alice\u03bf')).toBe(true); // Greek ο
  });

  it('accepts one script with digits and the allowed punctuation', () => {
    for (const name of ['alice', 'Alice_1.2+3@x-y', 'ＡＬＩＣＥ', 'Straße', 'алиса', 'алиса_99']) {
      expect(mixesScripts(name)).toBe(false);
    }
    expect(mixesScripts('οδος')).toBe(false);
    expect(mixesScripts('İstanbul')).toBe(false);
  });

  it('accepts the writing systems that mix scripts by nature (augmented sets)', () => {
    expect(mixesScripts('山田たろう')).toBe(false); // Han + Hiragana: Japanese
    expect(mixesScripts('カタカナ漢字')).toBe(false); // Katakana + Han
    expect(mixesScripts('김철수金')).toBe(false); // Hangul + Han: Korean
    expect(mixesScripts('たろうabc')).toBe(true); // Hiragana + Latin
    expect(mixesScripts('김たろう')).toBe(true); // Hangul + Hiragana
  });
});
