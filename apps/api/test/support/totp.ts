import { createHmac } from 'node:crypto';

/**
 * RFC 6238 codes computed over node:crypto, independently of the library the server uses, so a
 * test that signs in with one checks the server against the RFC rather than against itself.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The 6-digit code of time step `step` (RFC 4226's HOTP over SHA-1, dynamic truncation). */
export function hotp(secretBase32: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** The 30-second step of a time in milliseconds. */
export const stepAt = (ms: number) => Math.floor(ms / 30_000);

/** The code for `ms` (default now), `offset` steps away from it. */
export const totpCode = (secretBase32: string, ms = Date.now(), offset = 0) =>
  hotp(secretBase32, stepAt(ms) + offset);
