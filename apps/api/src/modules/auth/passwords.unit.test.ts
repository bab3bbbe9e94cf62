import { describe, expect, it } from 'vitest';
import { ARGON2_DEFAULTS, loadConfig } from '../../env';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords';
import { createPasswordHasher, isStrongPassword, registerPasswordProblems } from './passwords';

describe('common passwords', () => {
  it('catches the obvious choices whatever their case', () => {
    for (const pw of [
      'password',
      'Password1',
      'PASSWORD123',
      'qwerty123',
      '12345678',
      'letmein!',
    ]) {
      expect(isCommonPassword(pw), pw).toBe(true);
    }
  });

  it('lets unusual passwords through', () => {
    for (const pw of ['Str0ng!Pass1', 'correct horse battery staple', 'k8#Lm2pQ']) {
      expect(isCommonPassword(pw), pw).toBe(false);
    }
  });

  it('is a list of some size, not a handful', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThan(1000);
  });
});

describe('registerPasswordProblems', () => {
  it("uses Django's wording", () => {
    expect(registerPasswordProblems('password1', 'bob')).toEqual(['This password is too common.']);
    expect(registerPasswordProblems('56473829101', 'bob')).toEqual([
      'This password is entirely numeric.',
    ]);
    expect(registerPasswordProblems('Bob-the-Builder', 'bob-the-builder')).toEqual([
      'The password is too similar to the username.',
    ]);
    expect(registerPasswordProblems('Str0ng!Pass1', 'bob')).toEqual([]);
  });
});

describe('isStrongPassword (the Settings rule)', () => {
  it('needs 8 characters with upper, lower, digit and symbol', () => {
    expect(isStrongPassword('N3w!Passw0rd')).toBe(true);
    expect(isStrongPassword('Abcdefg12')).toBe(false); // no symbol
    expect(isStrongPassword('weak')).toBe(false);
    expect(isStrongPassword('Aa1!aaa')).toBe(false); // 7 characters
    expect(isStrongPassword('Aa1!aaaa')).toBe(true);
  });

  it("is the contract's Unicode-aware rule, which the web's form counts too", () => {
    expect(isStrongPassword('Abcdefg1')).toBe(false); // no symbol
    expect(isStrongPassword('ÄÖÜäöü12')).toBe(false); // upper, lower, digit; no symbol
    expect(isStrongPassword('ÄÖÜäöü1!')).toBe(true);
    expect(isStrongPassword('Ünïcödé 1')).toBe(true); // the space is the symbol
  });
});

describe('argon2id', () => {
  it('uses at least OWASP minimum parameters in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    expect(config.argon2).toEqual(ARGON2_DEFAULTS);
    expect(ARGON2_DEFAULTS.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(ARGON2_DEFAULTS.timeCost).toBeGreaterThanOrEqual(2);
    expect(ARGON2_DEFAULTS.parallelism).toBeGreaterThanOrEqual(1);
  });

  it('hashes with argon2id and the given parameters, and verifies', async () => {
    const hasher = await createPasswordHasher(ARGON2_DEFAULTS);
    const hash = await hasher.hash('Str0ng!Pass1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, 'Str0ng!Pass1')).toBe(true);
    expect(await hasher.verify(hash, 'str0ng!Pass1')).toBe(false);
    expect(await hasher.verify('not a hash', 'x')).toBe(false);
  });

  it('spends a hash verification on an unknown user', async () => {
    const hasher = await createPasswordHasher(ARGON2_DEFAULTS);
    const hash = await hasher.hash('Str0ng!Pass1');
    const time = async (fn: () => Promise<unknown>) => {
      const start = performance.now();
      for (let i = 0; i < 5; i++) await fn();
      return performance.now() - start;
    };
    const known = await time(() => hasher.verify(hash, 'wrong-password'));
    const unknown = await time(() => hasher.verifyNobody('wrong-password'));
    // Same work: within a factor of 3 either way, far from the ~0 ms of a skipped check.
    expect(unknown).toBeGreaterThan(known / 3);
    expect(unknown).toBeLessThan(known * 3);
  });
});
