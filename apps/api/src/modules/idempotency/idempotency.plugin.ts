import { createHash } from 'node:crypto';
import type { RouteMetadata } from '@prodify/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { detail } from '../../lib/drf';
import {
  claimKey,
  findKey,
  KEY_LIFETIME_MS,
  purgeKeys,
  reclaimKey,
  recordAnswer,
  releaseKey,
  type StoredAnswer,
} from './idempotency.queries';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed, when it carried one and ran as the first of its key. */
    idempotencyKey: string | null;
  }
}

export const IDEMPOTENCY_MESSAGES = {
  notAUuid: 'Idempotency-Key must be a UUID.',
  reused: 'Idempotency-Key reused with a different request.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Retry later.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface IdempotencyOptions {
  /** How long a repeat waits for the first request before answering 409. */
  waitMs?: number;
  /** A first request this old without an answer is taken to have died with its instance. */
  abandonedMs?: number;
  /** The clock (tests move it past the 24 hours). */
  now?: () => Date;
  purgeIntervalMs?: number;
}

/** What makes two requests "the same": method, path with query, and the body's bytes. */
function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  const body = request.body;
  if (Buffer.isBuffer(body)) hash.update(body);
  else if (typeof body === 'string') hash.update(body);
  else if (body !== undefined) hash.update(JSON.stringify(body));
  return hash.digest('hex');
}

function replay(reply: FastifyReply, stored: StoredAnswer) {
  reply.code(stored.status as number).header('idempotent-replayed', 'true');
  if (stored.content_type) reply.header('content-type', stored.content_type);
  return reply.send(stored.body ?? '');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `Idempotency-Key` on every signed-in write (ADR 0426). The first request with a key claims it
 * in the database before it runs, and its answer is kept with it for 24 hours; a repeat gets
 * that answer byte for byte and runs nothing, the same key with another request gets 422, and
 * a repeat that arrives while the first still runs waits for it (409 if it takes too long).
 * Without the header nothing changes.
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app, options) => {
    const waitMs = options.waitMs ?? 10_000;
    const abandonedMs = options.abandonedMs ?? 120_000;
    const now = options.now ?? (() => new Date());
    app.decorateRequest('idempotencyKey', null);

    app.addHook('preHandler', async (request, reply) => {
      const given = request.headers['idempotency-key'];
      if (given === undefined || !WRITES.has(request.method)) return;
      const meta = request.routeOptions.config.tsRestRoute?.metadata as RouteMetadata | undefined;
      if (!meta?.auth || !request.currentUser) return;
      if (typeof given !== 'string' || !UUID.test(given)) {
        return reply.code(400).send(detail(IDEMPOTENCY_MESSAGES.notAUuid));
      }
      const key = given.toLowerCase();
      const userId = request.currentUser.id;
      const fingerprint = fingerprintOf(request);
      const deadline = Date.now() + waitMs;
      for (;;) {
        if (await claimKey(app.db, userId, key, fingerprint, now())) {
          request.idempotencyKey = key;
          return;
        }
        const stored = await findKey(app.db, userId, key);
        if (!stored) continue; // released by a failed first request meanwhile: claim again
        const age = now().getTime() - new Date(stored.created_at).getTime();
        const expired = age >= KEY_LIFETIME_MS;
        const abandoned = stored.status === null && age >= abandonedMs;
        if (expired || abandoned) {
          if (await reclaimKey(app.db, userId, key, stored, fingerprint, now())) {
            request.idempotencyKey = key;
            return;
          }
          continue;
        }
        if (stored.fingerprint !== fingerprint) {
          return reply.code(422).send(detail(IDEMPOTENCY_MESSAGES.reused));
        }
        if (stored.status !== null) return replay(reply, stored);
        if (Date.now() >= deadline) {
          return reply.code(409).send(detail(IDEMPOTENCY_MESSAGES.inProgress));
        }
        await sleep(50);
      }
    });

    // The answer is recorded before it leaves, so a client that has it finds it on a repeat.
    app.addHook('onSend', async (request, reply, payload) => {
      const key = request.idempotencyKey;
      if (!key || !request.currentUser) return payload;
      request.idempotencyKey = null;
      const userId = request.currentUser.id;
      const keep =
        reply.statusCode < 500 &&
        (payload === undefined || payload === null || typeof payload === 'string');
      if (keep) {
        const type = reply.getHeader('content-type');
        await recordAnswer(app.db, userId, key, {
          status: reply.statusCode,
          contentType: typeof type === 'string' ? type : null,
          body: (payload as string | undefined | null) ?? '',
        });
      } else {
        // A server error, or an answer that cannot be kept: a retry runs the request again.
        await releaseKey(app.db, userId, key);
      }
      return payload;
    });

    // A request that ended without an answer (its connection closed first) frees its key.
    app.addHook('onResponse', async (request) => {
      const key = request.idempotencyKey;
      if (key && request.currentUser) await releaseKey(app.db, request.currentUser.id, key);
    });

    let timer: NodeJS.Timeout | undefined;
    const purge = async () => {
      try {
        await purgeKeys(app.db, now());
      } catch (err) {
        app.log.warn({ err }, 'idempotency keys: purge failed; retried later');
      }
    };
    app.addHook('onReady', async () => {
      timer = setInterval(purge, options.purgeIntervalMs ?? 60 * 60 * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'idempotency', dependencies: ['auth', 'db'] },
);
