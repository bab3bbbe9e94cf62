import { type SessionMethod, TWO_FACTOR_LIMITS } from '@prodify/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../env';
import { SecretBox } from '../../lib/secret-box';
import type { FailureLimiter } from '../../plugins/rate-limit';
import { matchingStep, normalizeRecoveryCode } from './totp';
import { acceptStep, findTotp, useRecoveryCode } from './two-factor.queries';

/** What a second factor given with a request came to. */
export type FactorResult =
  /** The user has no two-factor sign-in: nothing to check. */
  | { kind: 'off' }
  /** Two-factor is on and neither a code nor a recovery code was given. */
  | { kind: 'missing' }
  | { kind: 'invalid' }
  /** Too many wrong codes for the account this minute: nothing was checked. */
  | { kind: 'locked'; wait: number }
  | { kind: 'ok'; method: Extract<SessionMethod, 'password+otp' | 'recovery_code'> };

export interface GivenFactor {
  otp?: string | undefined;
  recovery_code?: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    secondFactor: SecondFactor;
  }
}

/**
 * Checks codes from the authenticator app and recovery codes, for sign-in and for the routes
 * that change two-factor settings (ADR 0430). Every check of a code counts under one lock per
 * account (wrong TOTP and recovery codes together), kept in the shared limit store, so five
 * wrong codes a minute lock code checks on every instance (ADR 0418).
 */
export class SecondFactor {
  readonly box: SecretBox;
  readonly #failures: FailureLimiter;

  constructor(
    private readonly app: FastifyInstance,
    config: Config,
  ) {
    this.box = new SecretBox(config.encryptionKey);
    this.#failures = app.limiters.failures(
      'two-factor-code',
      TWO_FACTOR_LIMITS.codeFailuresPerMinute,
    );
  }

  /** The authenticator secret of a stored row, in base32. */
  secretOf(row: { secret_enc: string }): string {
    const secret = this.box.open(row.secret_enc);
    // Only a changed ENCRYPTION_KEY (or JWT_SECRET without it) gets here: an operator's error.
    if (secret === undefined) {
      throw new Error('an authenticator secret cannot be decrypted: was ENCRYPTION_KEY changed?');
    }
    return secret;
  }

  /**
   * Counts one code check against the account's lock, runs `check`, and gives the count back
   * when it succeeded. `locked` when the account is over its limit (`check` does not run).
   */
  async counted(
    request: FastifyRequest,
    userId: number,
    check: () => Promise<boolean>,
  ): Promise<{ ok: boolean; wait?: number }> {
    const key = String(userId);
    const wait = await this.#failures.attempt(request, key);
    if (wait !== undefined) return { ok: false, wait };
    const ok = await check();
    if (ok) await this.#failures.succeeded(request, key);
    return { ok };
  }

  /** A TOTP code right for `secret` now (±1 step) whose step is later than any used before. */
  async acceptCode(userId: number, secret: string, code: string): Promise<boolean> {
    const step = matchingStep(secret, code, Date.now());
    return step !== undefined && (await acceptStep(this.app.db, userId, step));
  }

  /** The second factor given with a request, for a user whose password was right. */
  async check(request: FastifyRequest, userId: number, given: GivenFactor): Promise<FactorResult> {
    const row = await findTotp(this.app.db, userId);
    if (!row?.confirmed_at) return { kind: 'off' };
    const otp = given.otp?.trim() || undefined;
    const recovery = given.recovery_code?.trim() || undefined;
    if (otp === undefined && recovery === undefined) return { kind: 'missing' };
    const result = await this.counted(request, userId, () =>
      otp !== undefined
        ? this.acceptCode(userId, this.secretOf(row), otp)
        : useRecoveryCode(
            this.app.db,
            userId,
            this.box.hash(normalizeRecoveryCode(recovery ?? '')),
          ),
    );
    if (result.wait !== undefined) return { kind: 'locked', wait: result.wait };
    if (!result.ok) return { kind: 'invalid' };
    return { kind: 'ok', method: otp !== undefined ? 'password+otp' : 'recovery_code' };
  }
}
