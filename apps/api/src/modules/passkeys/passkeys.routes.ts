import { contract, PASSKEY_MESSAGES, type Passkey } from '@prodify/contract';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../env';
import { detail, removed } from '../../lib/drf';
import { noStore } from '../../lib/http';
import { userOf } from '../auth/auth.plugin';
import { findUserById } from '../auth/users.queries';
import { createSession, deleteExpiredSessions } from '../sessions/sessions.queries';
import {
  CHALLENGE_SECONDS,
  consumeChallenge,
  deletePasskey,
  findPasskeyByCredential,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  saveChallenge,
} from './passkeys.queries';

const s = initServer();

const FAILED = { status: 401 as const, body: detail(PASSKEY_MESSAGES.failed) };
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/**
 * Passkeys (ADR 0431). The relying party is PUBLIC_URL's host and the only origin accepted is
 * PUBLIC_URL's, whatever the request's Host header says. Challenges live in the database: single
 * use, 5 minutes, good on any instance.
 */
export function passkeysRoutes(app: FastifyInstance, config: Config) {
  const rpID = config.publicUrl.hostname;
  const expectedOrigin = config.publicUrl.origin;
  const timeout = CHALLENGE_SECONDS * 1000;

  /** The user handle the authenticator keeps: stable per user, and says nothing about them. */
  const userHandle = (userId: number) =>
    Buffer.from(app.secondFactor.box.hash(`webauthn-user:${userId}`).slice(0, 32), 'hex');

  return s.router(contract.passkeys, {
    registerOptions: async ({ request, reply }) => {
      const user = userOf(request);
      const existing = await listPasskeys(app.db, user.id);
      const options = await generateRegistrationOptions({
        rpName: 'Prodify',
        rpID,
        userName: user.username,
        userID: userHandle(user.id),
        attestationType: 'none',
        timeout,
        excludeCredentials: existing.map((p) => ({ id: p.credential_id })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await saveChallenge(app.db, options.challenge, 'register', user.id);
      noStore(reply);
      return { status: 200, body: { ...options } };
    },

    registerVerify: async ({ body, request }) => {
      const user = userOf(request);
      let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
      try {
        const result = await verifyRegistrationResponse({
          response: body.response as RegistrationResponseJSON,
          expectedChallenge: (challenge) =>
            consumeChallenge(app.db, challenge, 'register', user.id),
          expectedOrigin,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
        info = result.verified ? result.registrationInfo : undefined;
      } catch (error) {
        request.log.info({ err: (error as Error).message }, 'passkey registration refused');
        info = undefined;
      }
      if (!info) return { status: 400, body: { response: [PASSKEY_MESSAGES.notVerified] } };
      const row = await insertPasskey(app.db, {
        user_id: user.id,
        credential_id: info.credential.id,
        public_key: b64(info.credential.publicKey),
        counter: info.credential.counter,
        transports: (body.response.response.transports ?? []).join(','),
        name: body.name,
      });
      if (!row) return { status: 400, body: { response: [PASSKEY_MESSAGES.known] } };
      app.authUsers.invalidate(user.id);
      const passkey: Passkey = row;
      return { status: 201, body: passkey };
    },

    loginOptions: {
      hooks: { onRequest: app.limiters.perIp('passkey-login', config.rateLimitPerMinute) },
      handler: async ({ reply }) => {
        const options = await generateAuthenticationOptions({
          rpID,
          timeout,
          userVerification: 'required',
        });
        await saveChallenge(app.db, options.challenge, 'login', null);
        noStore(reply);
        return { status: 200, body: { ...options } };
      },
    },

    loginVerify: {
      hooks: { onRequest: app.limiters.perIp('passkey-login', config.rateLimitPerMinute) },
      handler: async ({ body, request, reply }) => {
        const response = body.response as AuthenticationResponseJSON;
        const passkey = await findPasskeyByCredential(app.db, response.id);
        if (!passkey) return FAILED;
        const handle = response.response.userHandle;
        if (handle !== undefined && handle !== b64(userHandle(passkey.user_id))) return FAILED;
        let newCounter: number | undefined;
        try {
          const result = await verifyAuthenticationResponse({
            response,
            expectedChallenge: (challenge) => consumeChallenge(app.db, challenge, 'login', null),
            expectedOrigin,
            expectedRPID: rpID,
            requireUserVerification: true,
            credential: {
              id: passkey.credential_id,
              publicKey: Buffer.from(passkey.public_key, 'base64url'),
              counter: passkey.counter,
            },
          });
          if (result.verified) newCounter = result.authenticationInfo.newCounter;
        } catch (error) {
          request.log.info({ err: (error as Error).message }, 'passkey sign-in refused');
        }
        if (newCounter === undefined) return FAILED;
        await recordPasskeyUse(app.db, passkey.id, newCounter);
        const user = await findUserById(app.db, passkey.user_id);
        if (!user) return FAILED;
        // A passkey that verified its user is two factors in one: no code is asked (ADR 0431).
        await deleteExpiredSessions(app.db, user.id, config.refreshTokenLifetime);
        const sid = await createSession(
          app.db,
          user.id,
          request.headers['user-agent'],
          request.ip,
          'passkey',
        );
        app.authUsers.invalidate(user.id);
        noStore(reply);
        return { status: 200, body: app.tokens.pair(user, sid) };
      },
    },

    list: async ({ request }) => {
      const rows = await listPasskeys(app.db, userOf(request).id);
      const body: Passkey[] = rows.map(({ id, name, created_at, last_used_at }) => ({
        id,
        name,
        created_at,
        last_used_at,
      }));
      return { status: 200, body };
    },

    remove: async ({ params, request }) =>
      removed(await deletePasskey(app.db, userOf(request).id, params.id)),
  });
}
