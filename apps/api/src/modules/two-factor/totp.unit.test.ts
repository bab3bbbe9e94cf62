import { describe, expect, it } from 'vitest';
import { hotp, stepAt, totpCode } from '../../../test/support/totp';
import { matchingStep, newRecoveryCodes, newTotpSecret, normalizeRecoveryCode } from './totp';

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC 6238 SHA-1 test vectors with the independent implementation', () => {
    // The RFC's secret "12345678901234567890" in base32; its 8-digit codes end in these 6.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(hotp(secret, stepAt(59_000))).toBe('287082');
    expect(hotp(secret, stepAt(1_111_111_109_000))).toBe('081804');
    expect(hotp(secret, stepAt(2_000_000_000_000))).toBe('279037');
    expect(matchingStep(secret, '287082', 59_000)).toBe(1);
    expect(matchingStep(secret, '081804', 1_111_111_109_000)).toBe(37_037_036);
  });

  it('accepts one step either side of now and nothing further', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015_000;
    const step = stepAt(now);
    for (const offset of [-1, 0, 1]) {
      expect(matchingStep(secret, totpCode(secret, now, offset), now)).toBe(step + offset);
    }
    for (const offset of [-2, 2]) {
      expect(matchingStep(secret, totpCode(secret, now, offset), now)).toBeUndefined();
    }
    const code = totpCode(secret, now);
    expect(matchingStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
    for (const wrong of ['', '12345', '1234567', 'abcdef', `${code}0`]) {
      expect(matchingStep(secret, wrong, now)).toBeUndefined();
    }
  });

  it('makes a 160-bit secret and 10 distinct recovery codes', () => {
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    expect(normalizeRecoveryCode(' AB12C-dE34f ')).toBe('ab12cde34f');
  });
});
