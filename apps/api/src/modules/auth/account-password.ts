import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../env';
import { findPasswordHash } from './users.queries';

/** Checks a signed-in user's password; `wait` is set instead when there were too many misses. */
export type AccountPasswordCheck = (
  request: FastifyRequest,
  userId: number,
  password: string,
) => Promise<{ ok: boolean; wait?: number }>;

/**
 * The password check of signed-in routes (settings, account deletion, two-factor changes). All
 * count under one limiter per account, so someone holding a stolen access token cannot guess
 * the password through any of them (ADR 0418).
 */
export function accountPasswordCheck(app: FastifyInstance, config: Config): AccountPasswordCheck {
  const failures = app.limiters.failures('account-password', config.loginFailuresPerMinute);
  return async (request, userId, password) => {
    const key = String(userId);
    const wait = await failures.attempt(request, key);
    if (wait !== undefined) return { ok: false, wait };
    const hash = await findPasswordHash(app.db, userId);
    const ok = hash !== undefined && (await app.passwords.verify(hash, password));
    if (ok) await failures.succeeded(request, key);
    return { ok };
  };
}
