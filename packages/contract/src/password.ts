import { LIMITS } from './common';

/**
 * The one password rule of the web app and the API (ADR 0006): five
 * criteria that the register and settings screens count for their labels and that the API's
 * settings route requires all of. Unicode-aware, so that 'Ä' is an upper-case letter, 'ß' a
 * lower-case one and '٣' a digit, on both sides alike.
 */
export const PASSWORD_CRITERIA = ['length', 'upper', 'lower', 'digit', 'symbol'] as const;
export type PasswordCriterion = (typeof PASSWORD_CRITERIA)[number];
export type PasswordCriteria = Record<PasswordCriterion, boolean>;

const MEETS: Record<PasswordCriterion, (password: string) => boolean> = {
  // Characters as a person counts them (code points), not UTF-16 units.
  length: (password) => [...password].length >= LIMITS.passwordMin,
  upper: (password) => /\p{Lu}/u.test(password),
  lower: (password) => /\p{Ll}/u.test(password),
  digit: (password) => /\p{Nd}/u.test(password),
  // Neither a letter nor a digit, spaces included. A combining mark belongs to its letter:
  // 'é' typed as 'e' + U+0301 is no symbol, nor is a Devanagari vowel sign.
  symbol: (password) => /[^\p{L}\p{M}\p{Nd}]/u.test(password),
};

export function passwordCriteria(password: string): PasswordCriteria {
  return Object.fromEntries(
    PASSWORD_CRITERIA.map((criterion) => [criterion, MEETS[criterion](password)]),
  ) as PasswordCriteria;
}

/** The criteria `password` does not meet, in the order of PASSWORD_CRITERIA. */
export function missingPasswordCriteria(password: string): PasswordCriterion[] {
  return PASSWORD_CRITERIA.filter((criterion) => !MEETS[criterion](password));
}

/** How many of the five criteria `password` meets (0 to 5). */
export function passwordCriteriaMet(password: string): number {
  return PASSWORD_CRITERIA.length - missingPasswordCriteria(password).length;
}

/** All five criteria: what the settings route requires of a new password. */
export function isStrongPassword(password: string): boolean {
  return missingPasswordCriteria(password).length === 0;
}
