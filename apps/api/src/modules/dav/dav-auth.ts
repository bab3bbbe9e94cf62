import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../env';
import { sendThrottled } from '../../plugins/rate-limit';
import { signInLockKey } from '../auth/lock-key';
import { findUserForLogin } from '../auth/users.queries';
import { secretHash, useAppPassword } from './app-passwords.queries';

/** The user a DAV request signed in as (with an app password: ADR 0440). */
export interface DavUser {
  id: number;
  username: string;
}

export const DAV_CHALLENGE = 'Basic realm="Prodify", charset="UTF-8"';

/** Longest Basic credentials read (a username of 150 characters and a password, encoded). */
const MAX_CREDENTIALS = 2048;

function credentials(header: string | undefined): { username: string; password: string } | null {
  if (!header || header.length > MAX_CREDENTIALS) return null;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m) return null;
  const decoded = Buffer.from(m[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function challenge(reply: FastifyReply) {
  return reply
    .code(401)
    .header('www-authenticate', DAV_CHALLENGE)
    .type('text/plain; charset=utf-8')
    .send('Sign in with your username and an app password (Settings → Sync with your phone).');
}

/**
 * HTTP Basic with an app password, for /dav/ only; the account password is never accepted
 * there. Every request reads the password from the database, so a revoked one stops at once on
 * every instance. Failures count toward the same lock as `/api/token/` (one account from one
 * address), and a locked client gets 429 before its password is looked at.
 */
export function davAuthenticator(app: FastifyInstance, config: Config) {
  const failures = app.limiters.failures('login', config.loginFailuresPerMinute);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<DavUser | undefined> => {
    const given = credentials(request.headers.authorization);
    if (!given) {
      challenge(reply);
      return undefined;
    }
    const key = signInLockKey(given.username, request.ip);
    const wait = await failures.attempt(request, key);
    if (wait !== undefined) {
      sendThrottled(reply, wait);
      return undefined;
    }
    const user = given.username.includes('\u0000')
      ? undefined
      : await findUserForLogin(app.db, given.username);
    const ok =
      user !== undefined &&
      (await useAppPassword(app.db, user.id, user.token_version, secretHash(given.password)));
    if (!user || !ok) {
      request.log.info({ username: given.username.slice(0, 150) }, 'DAV sign-in failed');
      challenge(reply);
      return undefined;
    }
    await failures.succeeded(request, key);
    return { id: user.id, username: user.username };
  };
}
