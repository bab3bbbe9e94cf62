import fastifyJwt from '@fastify/jwt';
import type { RouteMetadata } from '@prodify/contract';
import type { AppRoute } from '@ts-rest/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../env';
import { NOT_AUTHENTICATED } from '../../lib/drf';
import { createPasswordHasher, type PasswordHasher } from './passwords';
import { checkSubject, SUBJECT_ERRORS, TOKEN_MESSAGES, TokenService } from './tokens';
import { AuthUserCache } from './user-cache';
import { type AuthUser, findUserById } from './users.queries';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    passwords: PasswordHasher;
    /** The users of recent requests; invalidate an id after changing or deleting that user. */
    authUsers: AuthUserCache;
  }
  interface FastifyRequest {
    /** Set on routes whose contract says `metadata.auth: true`; null on public routes. */
    currentUser: AuthUser | null;
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
    const loadUser = (id: number) => findUserById(app.db, id);
    app.decorateRequest('currentUser', null);

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
      const user = await users.get(result.claims.user_id, loadUser);
      const check = checkSubject(result.claims, user);
      if (check !== 'ok') return unauthorized(reply, SUBJECT_ERRORS[check]);
      request.currentUser = user ?? null;
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
