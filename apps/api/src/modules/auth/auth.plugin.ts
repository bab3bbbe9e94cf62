import fastifyJwt from '@fastify/jwt';
import type { RouteMetadata } from '@prodify/contract';
import type { AppRoute } from '@ts-rest/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../env';
import { NOT_AUTHENTICATED } from '../../lib/drf';
import { SessionTouches } from '../sessions/session-touches';
import { createPasswordHasher, type PasswordHasher } from './passwords';
import { RevocationListener } from './revocations';
import { checkSubject, SUBJECT_ERRORS, TOKEN_MESSAGES, TokenService } from './tokens';
import { AuthUserCache } from './user-cache';
import { type AuthUser, findUserById } from './users.queries';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    passwords: PasswordHasher;
    /** The users of recent requests; invalidate an id after changing or deleting that user. */
    authUsers: AuthUserCache;
    /** Postgres only: hears other instances' revocations (ADR 0417); undefined on PGlite. */
    revocations: RevocationListener | undefined;
    /** Records sessions as used, at most once a minute each (ADR 0417). */
    sessionTouches: SessionTouches;
  }
  interface FastifyRequest {
    /** Set on routes whose contract says `metadata.auth: true`; null on public routes. */
    currentUser: AuthUser | null;
    /** The session of the request's token; null for a token issued before sessions existed. */
    sessionId: number | null;
  }
  interface FastifyContextConfig {
    /** Put there by @ts-rest/fastify for every contract route. */
    tsRestRoute?: AppRoute;
  }
}

export const WWW_AUTHENTICATE = 'Bearer realm="api"';

/** The signed-in user of an authenticated route (the auth hook guarantees it). */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.currentUser) throw new Error(`no signed-in user on ${request.url}`);
  return request.currentUser;
}

function unauthorized(reply: FastifyReply, body: object) {
  return reply.code(401).header('www-authenticate', WWW_AUTHENTICATE).send(body);
}

function tokenNotValid(message: string) {
  return {
    detail: 'Given token not valid for any token type',
    code: 'token_not_valid',
    messages: [{ token_class: 'AccessToken', token_type: 'access', message }],
  };
}

/**
 * SimpleJWT-compatible bearer authentication. Which routes need a user comes from the contract
 * (`metadata.auth`), read from the route @ts-rest/fastify registered, so there is no second list.
 * Public routes never look at the header: a stale token cannot break register or sign-in.
 */
export const authPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(fastifyJwt, {
      secret: config.jwtSecret,
      sign: { algorithm: 'HS256' },
      verify: { algorithms: ['HS256'] },
    });
    app.decorate(
      'tokens',
      new TokenService(app.jwt, {
        access: config.accessTokenLifetime,
        refresh: config.refreshTokenLifetime,
      }),
    );
    app.decorate('passwords', await createPasswordHasher(config.argon2));
    const users = new AuthUserCache({ ttlMs: config.authCacheTtlMs });
    app.decorate('authUsers', users);
    // PGlite is one process (the data-dir lock, ADR 0405): its own invalidations are all there is.
    let revocations: RevocationListener | undefined;
    if (app.dbDedicatedClient && config.revocationListener && users.enabled) {
      revocations = new RevocationListener({
        connect: app.dbDedicatedClient,
        cache: users,
        log: app.log,
      });
      await revocations.start();
      app.addHook('onClose', async () => revocations?.close());
    }
    app.decorate('revocations', revocations);
    const loadUser = (id: number) => findUserById(app.db, id);
    app.decorateRequest('currentUser', null);
    app.decorateRequest('sessionId', null);
    const touches = new SessionTouches(app.db, app.log);
    app.decorate('sessionTouches', touches);

    app.addHook('onRequest', async (request, reply) => {
      const meta = request.routeOptions.config.tsRestRoute?.metadata as RouteMetadata | undefined;
      if (!meta?.auth) return;

      const header = request.headers.authorization;
      // SimpleJWT: only the exact scheme "Bearer" counts; anything else is "no credentials".
      const parts = header?.split(/\s+/).filter(Boolean) ?? [];
      if (parts[0] !== 'Bearer') return unauthorized(reply, NOT_AUTHENTICATED);
      if (parts.length !== 2) {
        return unauthorized(reply, {
          detail: 'Authorization header must contain two space-delimited values',
          code: 'bad_authorization_header',
        });
      }
      const result = app.tokens.verify(parts[1] as string, 'access');
      if (!result.ok) {
        return unauthorized(
          reply,
          tokenNotValid(
            result.reason === 'wrong_type' ? TOKEN_MESSAGES.wrongType : TOKEN_MESSAGES.invalid,
          ),
        );
      }
      const id = result.claims.user_id;
      let user = await users.get(id, loadUser);
      let check = checkSubject(result.claims, user);
      if (check === 'session_ended' || check === 'password_changed') {
        // The cached entry may predate the token: a sign-in or a password change on another
        // instance. Only the database can refuse a token, never a possibly stale cache.
        users.invalidate(id);
        user = await users.get(id, loadUser);
        check = checkSubject(result.claims, user);
      }
      if (check !== 'ok') return unauthorized(reply, SUBJECT_ERRORS[check]);
      request.currentUser = user ?? null;
      const sid = result.claims.sid;
      if (sid !== undefined) {
        request.sessionId = sid;
        touches.touch(sid);
      }
    });

    // Every 401 carries the challenge, including sign-in and refresh failures (as the original).
    app.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode === 401 && !reply.hasHeader('www-authenticate')) {
        reply.header('www-authenticate', WWW_AUTHENTICATE);
      }
      return payload;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
