import { contract, DRF } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import type { Config } from '../../env';
import { detail, FieldErrorBag } from '../../lib/drf';
import { noStore } from '../../lib/http';
import { mixesScripts, USERNAME_MIXED_SCRIPTS } from '../../lib/username';
import { type HeaderSetter, throttledResult } from '../../plugins/rate-limit';
import { accountPasswordCheck } from '../auth/account-password';
import { userOf } from '../auth/auth.plugin';
import { isStrongPassword, PASSWORD_MESSAGES, registerPasswordProblems } from '../auth/passwords';
import { deleteUser, isUsernameTaken, updateUser } from '../auth/users.queries';
import { createSession, endOtherSessions } from '../sessions/sessions.queries';

const s = initServer();

/**
 * Account settings and account deletion. A blank new password keeps the current one, and any
 * change needs `current_password`; a new password must meet all five criteria (ADR 0006). A
 * password change or a deletion refuses the tokens issued before it (ADRs 0003 and 0417).
 */
export function settingsRoutes(app: FastifyInstance, config: Config) {
  // Someone holding a stolen access token must not be able to guess the password here either.
  const checkPassword = accountPasswordCheck(app, config);

  async function update(
    body: z.output<typeof contract.settings.put.body>,
    request: FastifyRequest,
    reply: HeaderSetter,
  ) {
    const user = userOf(request);
    const errors = new FieldErrorBag();

    const username = body.username;
    if (username !== undefined && mixesScripts(username)) {
      errors.add('username', USERNAME_MIXED_SCRIPTS);
    } else if (username !== undefined && (await isUsernameTaken(app.db, username, user.id))) {
      errors.add('username', DRF.usernameTaken);
    }

    const password = await checkPassword(request, user.id, body.current_password);
    if (password.wait !== undefined) return throttledResult(reply, password.wait);
    if (!password.ok) errors.add('current_password', PASSWORD_MESSAGES.currentIncorrect);

    // A blank or missing new password keeps the current one.
    const newPassword = body.new_password || undefined;
    if (newPassword !== undefined) {
      if (!isStrongPassword(newPassword)) {
        errors.add('new_password', PASSWORD_MESSAGES.weakSettings);
      } else {
        for (const problem of registerPasswordProblems(newPassword, username ?? user.username)) {
          errors.add('new_password', problem);
        }
      }
    }

    const invalid = errors.build();
    if (invalid) return { status: 400 as const, body: invalid };

    // A token from before sessions existed gets a session of its own for the fresh pair.
    const sid =
      request.sessionId ??
      (await createSession(app.db, user.id, request.headers['user-agent'], request.ip));
    const passwordHash = newPassword ? await app.passwords.hash(newPassword) : undefined;
    let updated: Awaited<ReturnType<typeof updateUser>>;
    try {
      updated = await app.db.transaction().execute(async (trx) => {
        const row = await updateUser(trx, user.id, { username, passwordHash });
        // A password change ends every other session and keeps this one (ADR 0417): its old
        // tokens stay good, every other token is refused from now on.
        if (row && passwordHash) await endOtherSessions(trx, user.id, sid);
        return row;
      });
    } catch (error) {
      // Another account took the name between the check and the update.
      if (isUniqueViolation(error)) {
        return { status: 400 as const, body: { username: [DRF.usernameTaken] } };
      }
      throw error;
    }
    if (!updated) throw new Error(`user ${user.id} vanished during a settings update`);
    // Committed: this process forgets the old name, token version and sessions at once.
    app.authUsers.invalidate(user.id);
    // A fresh pair of this session carries the (possibly bumped) token version; the original
    // client, which never reads it, stays signed in with its old tokens.
    const { access, refresh } = app.tokens.pair(updated, sid);
    noStore(reply);
    return { status: 200 as const, body: { username: updated.username, access, refresh } };
  }

  return s.router(contract.settings, {
    get: async ({ request }) => ({ status: 200, body: { username: userOf(request).username } }),

    put: async ({ body, request, reply }) => update(body, request, reply),

    patch: async ({ body, request, reply }) => update(body, request, reply),

    deleteAccount: async ({ body, request, reply }) => {
      const user = userOf(request);
      const password = await checkPassword(request, user.id, body.password ?? '');
      if (password.wait !== undefined) return throttledResult(reply, password.wait);
      if (!password.ok) return { status: 400, body: detail(PASSWORD_MESSAGES.incorrect) };
      await deleteUser(app.db, user.id);
      app.authUsers.invalidate(user.id);
      request.log.info({ user: user.id }, 'account deleted');
      return { status: 204, body: undefined };
    },
  });
}
