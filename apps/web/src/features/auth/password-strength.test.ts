import { passwordCriteriaMet } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import {
  missingText,
  REGISTER_STRONG,
  REGISTER_WEAK,
  refusedCriteria,
  registerStrengthMessage,
  settingsStrength,
} from './password-strength';

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
    ['Abcdefg1', 'no symbol'],
    ['ÄÖÜäöü12', 'no symbol'],
  ])('is the Weak hint for %s (%s)', (password) => {
    expect(registerStrengthMessage(password)).toBe(
      'Weak: Use 8+ chars, upper/lowercase, number, and symbol',
    );
    expect(registerStrengthMessage(password)).toBe(REGISTER_WEAK);
  });

  it('counts letters beyond ASCII as letters', () => {
    expect(registerStrengthMessage('ÄÖÜäöü1!')).toBe(REGISTER_STRONG);
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
    // Four criteria, and still refused by the server: the form names the symbol it lacks.
    ['Abcdefg1', 4, 'Strong'],
    ['ÄÖÜäöü12', 4, 'Strong'],
  ] as const)('%s meets %i criteria → %s', (password, met, label) => {
    expect(passwordCriteriaMet(password)).toBe(met);
    expect(settingsStrength(password)).toBe(label);
  });
});

describe('what the server would refuse', () => {
  it('is every missing criterion on settings', () => {
    expect(refusedCriteria('settings', 'Abcdefg1')).toEqual(['symbol']);
    expect(refusedCriteria('settings', 'ÄÖÜäöü12')).toEqual(['symbol']);
    expect(refusedCriteria('settings', 'weak')).toEqual(['length', 'upper', 'digit', 'symbol']);
    expect(refusedCriteria('settings', 'N3w!Passw0rd')).toEqual([]);
  });

  it('is only the length on register', () => {
    expect(refusedCriteria('register', 'Abcdefg1')).toEqual([]);
    expect(refusedCriteria('register', 'ÄÖÜäöü12')).toEqual([]);
    expect(refusedCriteria('register', 'Ab1!')).toEqual(['length']);
  });

  it('is said in words', () => {
    expect(missingText([])).toBe('');
    expect(missingText(['symbol'])).toBe('Missing: a symbol');
    expect(missingText(['digit', 'symbol'])).toBe('Missing: a number and a symbol');
    expect(missingText(['length', 'upper', 'digit', 'symbol'])).toBe(
      'Missing: 8+ characters, an upper-case letter, a number, and a symbol',
    );
  });
});
