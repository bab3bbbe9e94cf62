import {
  contract,
  DRF,
  type FieldErrors,
  isTimeZone,
  TWO_FACTOR_MESSAGES,
} from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../env';
import { detail, FieldErrorBag } from '../../lib/drf';
import { noStore } from '../../lib/http';
import { mixesScripts, USERNAME_MIXED_SCRIPTS } from '../../lib/username';
import { throttledResult } from '../../plugins/rate-limit';
import { updatePreferences } from '../preferences/preferences.queries';
import { createSession, deleteExpiredSessions } from '../sessions/sessions.queries';
import { userOf } from './auth.plugin';
import { signInLockKey } from './lock-key';
import { registerPasswordProblems } from './passwords';
import { checkSubject, SUBJECT_ERRORS, TOKEN_MESSAGES } from './tokens';
import { findUserById, findUserForLogin, insertUser, isUsernameTaken } from './users.queries';

const s = initServer();

const LOGIN_FAILED = detail('No active account found with the given credentials');
const OTP_REQUIRED = { detail: TWO_FACTOR_MESSAGES.otpRequired, code: 'otp_required' };
const OTP_INVALID = { detail: TWO_FACTOR_MESSAGES.otpInvalid, code: 'otp_invalid' };

/** Register, username check, sign-in, refresh and the current user. */
export function authRoutes(app: FastifyInstance, config: Config) {
  const loginFailures = app.limiters.failures('login', config.loginFailuresPerMinute);

  return s.router(contract.auth, {
    register: {
      hooks: { onRequest: app.limiters.perIp('register', config.rateLimitPerMinute) },
      handler: async ({ body }) => {
        const errors = new FieldErrorBag();
        if (mixesScripts(body.username)) errors.add('username', USERNAME_MIXED_SCRIPTS);
        else if (await isUsernameTaken(app.db, body.username)) {
          errors.add('username', DRF.usernameTaken);
        }
        for (const problem of registerPasswordProblems(body.password, body.username)) {
          errors.add('password', problem);
        }
        const invalid = errors.build();
        if (invalid) return { status: 400, body: invalid };

        const user = await insertUser(
          app.db,
          body.username,
          await app.passwords.hash(body.password),
        );
        // A concurrent registration of the same name wins the unique index.
        if (!user) return { status: 400, body: { username: [DRF.usernameTaken] } };
        // The browser's zone, when Intl knows it (ADR 0421); else the server's stays the default.
        if (body.time_zone && isTimeZone(body.time_zone)) {
          await updatePreferences(app.db, user.id, { time_zone: body.time_zone });
        }
        return { status: 201, body: { id: user.id, username: user.username } };
      },
    },

    checkUsername: {
      hooks: { onRequest: app.limiters.perIp('check-username', config.rateLimitPerMinute * 2) },
      handler: async ({ body }) => {
        const username = body.username?.trim() ?? '';
        if (username === '') return { status: 400, body: { error: 'Username is required.' } };
        // No name holds one, and Postgres cannot even compare text that does.
        if (username.includes('\u0000')) {
          const invalid: FieldErrors = { username: [DRF.nullCharacters] };
          return { status: 400, body: invalid };
        }
        if (await isUsernameTaken(app.db, username)) {
          return { status: 400, body: { error: 'Username already taken.' } };
        }
        return { status: 200, body: { message: 'Username is available.' } };
      },
    },

    login: {
      hooks: { onRequest: app.limiters.perIp('login', config.rateLimitPerMinute) },
      handler: async ({ body, request, reply }) => {
        const key = signInLockKey(body.username, request.ip);
        const wait = await loginFailures.attempt(request, key);
        if (wait !== undefined) return throttledResult(reply, wait);

        const user = await findUserForLogin(app.db, body.username);
        const ok = user
          ? await app.passwords.verify(user.password_hash, body.password)
          : await app.passwords.verifyNobody(body.password);
        if (!user || !ok) {
          request.log.info({ username: body.username }, 'sign-in failed');
          return { status: 401, body: LOGIN_FAILED };
        }
        await loginFailures.succeeded(request, key);
        // The second factor is asked for only now, so nothing tells a caller without the
        // password whether the account has one (ADR 0430).
        const factor = await app.secondFactor.check(request, user.id, body);
        if (factor.kind === 'locked') return throttledResult(reply, factor.wait);
        if (factor.kind === 'missing' || factor.kind === 'invalid') {
          request.log.info({ user: user.id }, `sign-in: second factor ${factor.kind}`);
          return { status: 401, body: factor.kind === 'missing' ? OTP_REQUIRED : OTP_INVALID };
        }
        const method = factor.kind === 'ok' ? factor.method : 'password';
        // Every sign-in is a session (ADR 0417); the user's expired ones go now.
        await deleteExpiredSessions(app.db, user.id, config.refreshTokenLifetime);
        const sid = await createSession(
          app.db,
          user.id,
          request.headers['user-agent'],
          request.ip,
          method,
        );
        app.authUsers.invalidate(user.id);
        noStore(reply);
        return { status: 200, body: app.tokens.pair(user, sid) };
      },
    },

    refresh: async ({ body, reply }) => {
      const result = app.tokens.verify(body.refresh, 'refresh');
      if (!result.ok) {
        const message =
          result.reason === 'wrong_type' ? TOKEN_MESSAGES.wrongType : TOKEN_MESSAGES.invalid;
        return { status: 401, body: { detail: message, code: 'token_not_valid' } };
      }
      const user = await findUserById(app.db, result.claims.user_id);
      const check = checkSubject(result.claims, user);
      if (check !== 'ok' || !user)
        return { status: 401, body: SUBJECT_ERRORS[check === 'ok' ? 'user_not_found' : check] };
      if (result.claims.sid !== undefined) app.sessionTouches.touch(result.claims.sid);
      noStore(reply);
      return { status: 200, body: { access: app.tokens.accessFromRefresh(result.claims, user) } };
    },

    me: async ({ request }) => {
      const user = userOf(request);
      return { status: 200, body: { username: user.username, email: '' } };
    },
  });
}
