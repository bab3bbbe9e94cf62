import { describe, expect, it } from 'vitest';
import {
  isStrongPassword,
  missingPasswordCriteria,
  passwordCriteria,
  passwordCriteriaMet,
} from './password';

describe('passwordCriteria', () => {
  it('checks each of the five criteria on its own', () => {
    expect(passwordCriteria('')).toEqual({
      length: false,
      upper: false,
      lower: false,
      digit: false,
      symbol: false,
    });
    expect(passwordCriteria('abcdefgh')).toMatchObject({ length: true, lower: true, upper: false });
    expect(passwordCriteria('A')).toMatchObject({ upper: true, lower: false });
    expect(passwordCriteria('7')).toMatchObject({ digit: true });
    expect(passwordCriteria('!')).toMatchObject({ symbol: true });
    expect(passwordCriteria(' ')).toMatchObject({ symbol: true });
    // A letter beyond ASCII is a letter (the web's old rule called 'é' a symbol).
    expect(passwordCriteria('é')).toMatchObject({ symbol: false, lower: true });
  });

  it('needs 8 characters for the length criterion, 7 is not enough', () => {
    expect(passwordCriteria('1234567').length).toBe(false);
    expect(passwordCriteria('12345678').length).toBe(true);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordCriteria('😀😀😀😀').length).toBe(false); // 8 units, 4 characters
    expect(passwordCriteria('😀😀😀😀😀😀😀😀').length).toBe(true);
  });

  it('knows upper case, lower case and digits of every script', () => {
    expect(passwordCriteria('ÄÖÜ')).toMatchObject({ upper: true, lower: false, symbol: false });
    expect(passwordCriteria('äöüß')).toMatchObject({ upper: false, lower: true, symbol: false });
    expect(passwordCriteria('Ωω')).toMatchObject({ upper: true, lower: true });
    expect(passwordCriteria('٣')).toMatchObject({ digit: true, symbol: false }); // Arabic-Indic 3
    expect(passwordCriteria('漢字')).toMatchObject({ upper: false, lower: false, symbol: false });
  });

  it('counts anything that is neither a letter nor a digit as a symbol, marks excepted', () => {
    for (const symbol of ['!', ' ', '€', '😀', '_', '²']) {
      expect(passwordCriteria(symbol).symbol, symbol).toBe(true);
    }
    expect(passwordCriteria('e\u0301').symbol).toBe(false); // 'é' as e + combining acute
    expect(passwordCriteria('हिन्दी').symbol).toBe(false); // vowel signs and virama are marks
  });
});

describe('the spec examples that the two sides counted differently', () => {
  it('Abcdefg1 meets four criteria and lacks a symbol', () => {
    expect(passwordCriteriaMet('Abcdefg1')).toBe(4);
    expect(missingPasswordCriteria('Abcdefg1')).toEqual(['symbol']);
    expect(isStrongPassword('Abcdefg1')).toBe(false);
  });

  it('ÄÖÜäöü12 meets four criteria and lacks a symbol', () => {
    expect(passwordCriteriaMet('ÄÖÜäöü12')).toBe(4);
    expect(missingPasswordCriteria('ÄÖÜäöü12')).toEqual(['symbol']);
    expect(isStrongPassword('ÄÖÜäöü1!')).toBe(true);
  });
});

describe('missingPasswordCriteria and passwordCriteriaMet', () => {
  it('list what is missing in a fixed order and count the rest', () => {
    expect(missingPasswordCriteria('')).toEqual(['length', 'upper', 'lower', 'digit', 'symbol']);
    expect(missingPasswordCriteria('weak')).toEqual(['length', 'upper', 'digit', 'symbol']);
    expect(passwordCriteriaMet('weak')).toBe(1);
    expect(missingPasswordCriteria('Aa1!aaaa')).toEqual([]);
    expect(passwordCriteriaMet('Aa1!aaaa')).toBe(5);
  });
});
