import { describe, expect, it } from 'vitest';
import {
  criteriaMet,
  passwordCriteria,
  REGISTER_STRONG,
  REGISTER_WEAK,
  registerStrengthMessage,
  settingsStrength,
} from './password-strength';

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
    expect(passwordCriteria('é')).toMatchObject({ symbol: true, lower: false });
  });

  it('needs 8 characters for the length criterion, 7 is not enough', () => {
    expect(passwordCriteria('1234567').length).toBe(false);
    expect(passwordCriteria('12345678').length).toBe(true);
  });
});

describe('register strength message', () => {
  it('is Strong only with all five criteria', () => {
    expect(registerStrengthMessage('Str0ng!Pass1')).toBe(REGISTER_STRONG);
    expect(registerStrengthMessage('Aa1!aaaa')).toBe('Strong');
  });

  it.each([
    ['Aa1!aaa', 'too short'],
    ['aa1!aaaa', 'no upper case'],
    ['AA1!AAAA', 'no lower case'],
    ['Aa!aaaaa', 'no digit'],
    ['Aa1aaaaa', 'no symbol'],
  ])('is the Weak hint for %s (%s)', (password) => {
    expect(registerStrengthMessage(password)).toBe(
      'Weak: Use 8+ chars, upper/lowercase, number, and symbol',
    );
    expect(registerStrengthMessage(password)).toBe(REGISTER_WEAK);
  });
});

describe('settings strength label', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abc', 1, 'Weak'],
    ['abcD', 2, 'Weak'],
    ['abcD1', 3, 'Medium'],
    ['abcdefgH', 3, 'Medium'],
    ['abcD1!', 4, 'Strong'],
    ['abcdefg1!', 4, 'Strong'],
    ['Abcdefg1!', 5, 'Strong'],
  ] as const)('%s meets %i criteria → %s', (password, met, label) => {
    expect(criteriaMet(password)).toBe(met);
    expect(settingsStrength(password)).toBe(label);
  });
});
