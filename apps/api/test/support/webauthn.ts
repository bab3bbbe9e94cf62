import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software passkey authenticator for API tests (WebAuthn Level 2 shapes, "none" attestation,
 * ES256), written from the specification: what a browser hands the server after
 * `navigator.credentials.create()` / `.get()`. Browser tests use Chromium's own virtual one.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65_536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(n, 1);
  return out;
}

/** A minimal CBOR encoder: the integers, strings, byte strings and maps WebAuthn needs. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64 = (data: Buffer) => data.toString('base64url');

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  /** The user handle the server gave at registration (base64url). */
  userHandle: string;
  counter: number;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export class SoftAuthenticator {
  constructor(
    readonly rpId = 'localhost',
    readonly origin = 'http://localhost:8000',
  ) {}

  private clientData(type: string, challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** A new credential for the server's creation options, and the browser's answer. */
  create(
    options: { challenge: string; user: { id: string } },
    more: { origin?: string; userVerified?: boolean } = {},
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const flags = FLAG_UP | FLAG_AT | (more.userVerified === false ? 0 : FLAG_UV);
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([flags]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      length,
      id,
      cose,
    ]);
    const attestation = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const credential: SoftCredential = { id, privateKey, userHandle: options.user.id, counter: 0 };
    const response = {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, more.origin)),
        attestationObject: b64(attestation),
        transports: ['internal'],
      },
    };
    return { credential, response };
  }

  /** The browser's answer to the server's request options, signed by `credential`. */
  get(
    options: { challenge: string },
    credential: SoftCredential,
    more: { origin?: string; userVerified?: boolean } = {},
  ) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const flags = FLAG_UP | (more.userVerified === false ? 0 : FLAG_UV);
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([flags]), counter]);
    const clientData = this.clientData('webauthn.get', options.challenge, more.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), {
      key: credential.privateKey,
      dsaEncoding: 'der',
    });
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}
