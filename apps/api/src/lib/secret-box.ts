import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (ADR 0430): a database dump alone reveals neither an authenticator secret nor
 * a recovery code. Each use gets its own key, derived with HKDF-SHA256 from the configured
 * encryption key (`ENCRYPTION_KEY`, else `JWT_SECRET`).
 */
export class SecretBox {
  readonly #sealKey: Buffer;
  readonly #hashKey: Buffer;

  constructor(masterKey: string) {
    const derive = (info: string) =>
      Buffer.from(hkdfSync('sha256', masterKey, 'prodify-secret-box', info, 32));
    this.#sealKey = derive('seal v1');
    this.#hashKey = derive('keyed hash v1');
  }

  /** AES-256-GCM with a random 96-bit nonce: `v1.<nonce>.<tag>.<ciphertext>` in base64url. */
  seal(plaintext: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#sealKey, nonce);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [nonce, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
    return `v1.${parts.join('.')}`;
  }

  /** The plaintext, or undefined when `sealed` is not ours (another key, or tampered with). */
  open(sealed: string): string | undefined {
    const [version, nonce, tag, body] = sealed.split('.');
    if (version !== 'v1' || nonce === undefined || tag === undefined || body === undefined) {
      return undefined;
    }
    try {
      const decipher = createDecipheriv(
        'aes-256-gcm',
        this.#sealKey,
        Buffer.from(nonce, 'base64url'),
      );
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const out = Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]);
      return out.toString('utf8');
    } catch {
      return undefined;
    }
  }

  /** HMAC-SHA256 in hex: a hash that cannot be tried offline without the key. */
  hash(text: string): string {
    return createHmac('sha256', this.#hashKey).update(text, 'utf8').digest('hex');
  }
}
