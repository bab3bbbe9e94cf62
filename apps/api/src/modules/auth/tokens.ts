import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { USER_NOT_FOUND } from '../../lib/drf';

export type TokenType = 'access' | 'refresh';

/** SimpleJWT's claims, plus the user's token version (ADR 0003) and session (ADR 0417). */
const ClaimsSchema = z.object({
  token_type: z.enum(['access', 'refresh']),
  exp: z.number().int(),
  iat: z.number().int(),
  jti: z.string().min(1),
  user_id: z.number().int().positive(),
  token_version: z.number().int().min(0),
  /** The session (ADR 0417); absent from tokens issued before sessions existed. */
  sid: z.number().int().positive().optional(),
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

/** What a token is checked against: the user, their live sessions, and the sid-less rule. */
export interface CheckedSubject extends TokenSubject {
  sessions: readonly number[];
  sidless_tokens_ended: boolean;
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

  #sign(
    type: TokenType,
    subject: TokenSubject,
    sid: number | undefined,
    iat: number,
    lifetime: number,
  ): string {
    // Claim order as SimpleJWT writes it; `token_version` and `sid` are ours.
    return this.jwt.sign({
      token_type: type,
      exp: this.now() + lifetime,
      iat,
      jti: randomBytes(16).toString('hex'),
      user_id: subject.id,
      token_version: subject.token_version,
      ...(sid !== undefined ? { sid } : {}),
    });
  }

  /** A fresh pair of session `sid`, in the original's key order: `{refresh, access}`. */
  pair(subject: TokenSubject, sid: number | undefined): { refresh: string; access: string } {
    const iat = this.now();
    return {
      refresh: this.#sign('refresh', subject, sid, iat, this.lifetimes.refresh),
      access: this.#sign('access', subject, sid, iat, this.lifetimes.access),
    };
  }

  /** An access token minted from a refresh token keeps its `iat` and its session. */
  accessFromRefresh(refresh: TokenClaims, subject: TokenSubject): string {
    return this.#sign('access', subject, refresh.sid, refresh.iat, this.lifetimes.access);
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

export type SubjectCheck = 'ok' | 'user_not_found' | 'password_changed' | 'session_ended';

/**
 * Is the token's user still there, and its session still on (ADR 0417)? A token of a live session
 * is good whatever its token version: a password change ends the *other* sessions and keeps the
 * one that made it, so the client that changed the password stays signed in. A token without
 * `sid` (issued before sessions existed) is checked by the token version, and refused once the
 * user ended their other sessions.
 */
export function checkSubject(claims: TokenClaims, user: CheckedSubject | undefined): SubjectCheck {
  if (!user) return 'user_not_found';
  if (claims.sid !== undefined) {
    if (user.sessions.includes(claims.sid)) return 'ok';
    return user.token_version !== claims.token_version ? 'password_changed' : 'session_ended';
  }
  if (user.token_version !== claims.token_version) return 'password_changed';
  if (user.sidless_tokens_ended) return 'session_ended';
  return 'ok';
}

export const SUBJECT_ERRORS = {
  user_not_found: USER_NOT_FOUND,
  password_changed: {
    detail: 'Token was revoked by a password change. Please sign in again.',
    code: 'password_changed',
  },
  session_ended: {
    detail: 'This session was signed out. Please sign in again.',
    code: 'session_ended',
  },
} as const;
