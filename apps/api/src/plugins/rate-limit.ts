import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../env';
import { throttled } from '../lib/drf';
import { LimitCounters } from './limit-store';

const MINUTE = 60_000;

type CheckLimit = ReturnType<import('fastify').FastifyInstance['createRateLimit']>;

/**
 * Failed attempts a minute, keyed by whatever the caller says (e.g. name + IP). An attempt is
 * counted before it is checked and given back when it succeeds, so that attempts sent at once
 * (to one instance or to several) cannot all pass a check made before any of them had failed.
 */
export interface FailureLimiter {
  /**
   * Counts one attempt: seconds to wait when that puts the key over its limit (the attempt must
   * then not be checked), else undefined.
   */
  attempt(request: FastifyRequest, key: string): Promise<number | undefined>;
  /** The attempt succeeded: it no longer counts. */
  succeeded(request: FastifyRequest, key: string): Promise<void>;
}

export interface Limiters {
  /** An onRequest hook allowing `max` requests a minute per client IP on one route. */
  perIp(name: string, max: number): onRequestAsyncHookHandler;
  failures(name: string, max: number): FailureLimiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    limiters: Limiters;
    /** Where the counters live: Redis when REDIS_URL is set and it answers, else this process. */
    limitCounters: LimitCounters;
  }
}

export function sendThrottled(reply: FastifyReply, seconds: number) {
  const wait = Math.max(1, seconds);
  return reply.code(429).header('retry-after', String(wait)).send(throttled(wait));
}

/** The same answer as a handler result: sets `Retry-After`, returns `{status, body}`. */
export interface HeaderSetter {
  header(name: string, value: string): unknown;
}

export function throttledResult(reply: HeaderSetter, seconds: number) {
  const wait = Math.max(1, seconds);
  reply.header('retry-after', String(wait));
  return { status: 429 as const, body: throttled(wait) };
}

/**
 * @fastify/rate-limit in its manual form: each limited route gets its own counter, answered with
 * DRF's throttling text and `Retry-After`. The counters are shared through Redis with REDIS_URL,
 * else (and whenever Redis does not answer) kept in this process's memory (ADR 0418).
 */
export const rateLimitPlugin = fp<{ redis: Config['redis'] }>(
  async (app, options) => {
    const counters = new LimitCounters(app.log, options.redis.url, options.redis.keyPrefix);
    await counters.start();
    app.decorate('limitCounters', counters);
    app.addHook('onClose', () => counters.close());
    await app.register(fastifyRateLimit, {
      global: false,
      timeWindow: MINUTE,
      store: counters.storeClass(),
    });

    const limiters: Limiters = {
      perIp(name, max) {
        const check: CheckLimit = app.createRateLimit({
          max,
          timeWindow: MINUTE,
          keyGenerator: (request) => `${name}|${request.ip}`,
        });
        return async (request, reply) => {
          const status = await check(request);
          if (!status.isAllowed && status.isExceeded) {
            return sendThrottled(reply, status.ttlInSeconds);
          }
        };
      },
      failures(name, max) {
        // The plugin derives keys from the request; the caller's key travels alongside it.
        const keys = new WeakMap<FastifyRequest, string>();
        const counterKey = (key: string) => `failures:${name}|${key}`;
        const check: CheckLimit = app.createRateLimit({
          max,
          timeWindow: MINUTE,
          keyGenerator: (request) => counterKey(keys.get(request) ?? ''),
        });
        return {
          async attempt(request, key) {
            keys.set(request, key);
            const status = await check(request);
            if (status.isAllowed || !status.isExceeded) return undefined;
            return Math.max(1, status.ttlInSeconds);
          },
          async succeeded(_request, key) {
            await counters.giveBack(counterKey(key));
          },
        };
      },
    };
    app.decorate('limiters', limiters);
  },
  { name: 'rate-limit' },
);
