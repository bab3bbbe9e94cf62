import { hash, verify } from '@node-rs/argon2';
import type { Argon2Params } from '../../env';
import { isCommonPassword } from './common-passwords';

export const PASSWORD_MESSAGES = {
  tooCommon: 'This password is too common.',
  entirelyNumeric: 'This password is entirely numeric.',
  similarToUsername: 'The password is too similar to the username.',
  /** The original Settings page's rule and text: all five criteria of ADR 0006. */
  weakSettings:
    'Password must be at least 8 characters and include upper/lowercase, number, and symbol.',
  currentIncorrect: 'Current password is incorrect.',
  incorrect: 'Incorrect password.',
} as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the same time as verify() for a user who does not exist, so that the time of a
   * failed sign-in does not tell whether the username is registered.
   */
  verifyNobody(password: string): Promise<false>;
}

export async function createPasswordHasher(params: Argon2Params): Promise<PasswordHasher> {
  // `Algorithm.Argon2id` is an ambient const enum, which isolated modules cannot read.
  const ARGON2ID = 2;
  const options = { algorithm: ARGON2ID, ...params };
  // Computed in the background (argon2 runs on libuv's pool), so it does not delay start-up.
  const dummy = hash('prodify-no-such-user', options);
  dummy.catch(() => {});
  const check = async (passwordHash: string, password: string) => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false; // a malformed stored hash never signs anyone in
    }
  };
  return {
    hash: (password) => hash(password, options),
    verify: check,
    async verifyNobody(password) {
      await check(await dummy, password);
      return false;
    },
  };
}

/** Register's checks beyond the contract's length rule, in Django's words. */
export function registerPasswordProblems(password: string, username: string): string[] {
  const problems: string[] = [];
  if (password.trim().toLowerCase() === username.trim().toLowerCase()) {
    problems.push(PASSWORD_MESSAGES.similarToUsername);
  }
  if (isCommonPassword(password)) problems.push(PASSWORD_MESSAGES.tooCommon);
  if (/^\d+$/.test(password)) problems.push(PASSWORD_MESSAGES.entirelyNumeric);
  return problems;
}

/**
 * The Settings page's strength rule: 8+ characters with upper, lower, digit and symbol. It lives
 * in the contract so that the web's form counts exactly what this side refuses.
 */
export { isStrongPassword } from '@prodify/contract';
