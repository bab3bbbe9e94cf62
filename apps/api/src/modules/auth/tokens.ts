import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { USER_NOT_FOUND } from '../../lib/drf';

export type TokenType = 'access' | 'refresh';

/** SimpleJWT's claims, plus the user's token version (decisions.md §3.6). */
const ClaimsSchema = z.object({
  token_type: z.enum(['access', 'refresh']),
  exp: z.number().int(),
  iat: z.number().int(),
  jti: z.string().min(1),
  user_id: z.number().int().positive(),
  token_version: z.number().int().min(0),
});
export type TokenClaims = z.infer<typeof ClaimsSchema>;

/** What signs and checks the signature and expiry (@fastify/jwt's `app.jwt`). */
export interface JwtCodec {
  sign(payload: Record<string, unknown>): string;
  verify(token: string): unknown;
}

export type VerifyResult =
  | { ok: true; claims: TokenClaims }
  | { ok: false; reason: 'invalid' | 'wrong_type' };

export interface TokenSubject {
  id: number;
  token_version: number;
}

/** SimpleJWT's messages, which the original client may show. */
export const TOKEN_MESSAGES = {
  invalid: 'Token is invalid or expired',
  wrongType: 'Token has wrong type',
} as const;

export class TokenService {
  constructor(
    private readonly jwt: JwtCodec,
    private readonly lifetimes: { access: number; refresh: number },
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  #sign(type: TokenType, subject: TokenSubject, iat: number, lifetime: number): string {
    // Claim order as SimpleJWT writes it; `token_version` is ours.
    return this.jwt.sign({
      token_type: type,
      exp: this.now() + lifetime,
      iat,
      jti: randomBytes(16).toString('hex'),
      user_id: subject.id,
      token_version: subject.token_version,
    });
  }

  /** A fresh pair, in the original's key order: `{refresh, access}`. */
  pair(subject: TokenSubject): { refresh: string; access: string } {
    const iat = this.now();
    return {
      refresh: this.#sign('refresh', subject, iat, this.lifetimes.refresh),
      access: this.#sign('access', subject, iat, this.lifetimes.access),
    };
  }

  /** An access token minted from a refresh token keeps the refresh token's `iat`. */
  accessFromRefresh(refresh: TokenClaims, subject: TokenSubject): string {
    return this.#sign('access', subject, refresh.iat, this.lifetimes.access);
  }

  /** Checks signature, expiry, claims and type; never throws. */
  verify(token: string, expected: TokenType): VerifyResult {
    let payload: unknown;
    try {
      payload = this.jwt.verify(token);
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    const parsed = ClaimsSchema.safeParse(payload);
    if (!parsed.success) return { ok: false, reason: 'invalid' };
    if (parsed.data.token_type !== expected) return { ok: false, reason: 'wrong_type' };
    return { ok: true, claims: parsed.data };
  }
}

export type SubjectCheck = 'ok' | 'user_not_found' | 'password_changed';

/** Is the token's user still there, and was the token issued after their last password change? */
export function checkSubject(claims: TokenClaims, user: TokenSubject | undefined): SubjectCheck {
  if (!user) return 'user_not_found';
  if (user.token_version !== claims.token_version) return 'password_changed';
  return 'ok';
}

export const SUBJECT_ERRORS = {
  user_not_found: USER_NOT_FOUND,
  password_changed: {
    detail: 'Token was revoked by a password change. Please sign in again.',
    code: 'password_changed',
  },
} as const;
