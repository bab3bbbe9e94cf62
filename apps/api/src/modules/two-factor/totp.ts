import { randomInt } from 'node:crypto';
import { TWO_FACTOR_LIMITS } from '@prodify/contract';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const DIGITS = 6;
/** Codes of one step before and after now are accepted (clocks drift, people type slowly). */
const WINDOW = 1;
const ISSUER = 'Prodify';

function totpOf(secretBase32: string, label = 'account') {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret (RFC 4226's recommended length), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/...` URI an authenticator app scans. */
export function otpauthUrl(secretBase32: string, username: string): string {
  return totpOf(secretBase32, username).toString();
}

/** The URI as an SVG QR code (its text is < 300 characters: the SVG stays a few kB). */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * The time step a code belongs to, when it is right for a step within the window around
 * `nowMs`; undefined otherwise. Spaces are ignored ("123 456"); anything but 6 digits is wrong.
 */
export function matchingStep(secretBase32: string, code: string, nowMs: number) {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token, timestamp: nowMs, window: WINDOW });
  if (delta === null) return undefined;
  return totp.counter({ timestamp: nowMs }) + delta;
}

/** Crockford's base32: no i, l, o, u, so what is read aloud or copied by hand stays right. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** One recovery code, `xxxxx-xxxxx` (50 random bits; the code lock limits guessing). */
function newRecoveryCode(): string {
  let out = '';
  for (let i = 0; i < 10; i++) out += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: TWO_FACTOR_LIMITS.recoveryCodes }, newRecoveryCode);
}

/** A recovery code as typed (any case, with or without the dash or spaces), as it is hashed. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}
