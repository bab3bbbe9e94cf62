import { createHmac } from 'node:crypto';

/**
 * RFC 6238 codes (SHA-1, 6 digits, 30 s) over node:crypto: the browser tests type what an
 * authenticator app would show, computed independently of the server's library.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
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

export const stepNow = () => Math.floor(Date.now() / 30_000);

export function codeAt(secretBase32: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * An authenticator that never repeats a step: the server refuses a code of a step already used
 * (or an earlier one), so each `next()` is of a later step than the last, waiting for the clock
 * when even the step after now (which the server accepts) has been used.
 */
export function authenticator(secretBase32: string) {
  let last = -1;
  return {
    async next(): Promise<string> {
      let step = Math.max(stepNow(), last + 1);
      while (step > stepNow() + 1) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        step = Math.max(stepNow(), last + 1);
      }
      last = step;
      return codeAt(secretBase32, step);
    },
  };
}
