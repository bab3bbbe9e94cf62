import { getHeapStatistics } from 'node:v8';
import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { detail } from '../lib/drf';

export interface OverloadOptions {
  /** Requests being handled at once beyond which new ones are refused; 0 = no limit. */
  maxInFlight: number;
  /** Mean event-loop delay (ms, over the last sample) beyond which requests are refused; 0 = off. */
  maxEventLoopDelayMs: number;
  /** Seconds a refused client is told to wait (`Retry-After`). */
  retryAfterSeconds?: number;
}

export const OVERLOADED = detail('The server is busy. Please try again shortly.');
export const SHUTTING_DOWN = detail('The server is restarting. Please try again shortly.');

/** The liveness probe must answer even when the server sheds load (a supervisor would kill it). */
const EXEMPT = new Set(['/healthz']);

/** How often under-pressure samples the event loop. */
const SAMPLE_INTERVAL_MS = 500;
/**
 * After the app is ready, event-loop delays measured during start-up (opening and migrating the
 * database blocks the loop for seconds) are no reason to refuse the first requests: /readyz has
 * said 200, so they must be served. Two samples after ready, every delay is one of serving.
 */
const STARTUP_GRACE_MS = 2 * SAMPLE_INTERVAL_MS;

/**
 * Overload turns into fast 503s with `Retry-After` and a JSON `detail` instead of ever longer
 * waits (ADR 0400):
 * - at most `maxInFlight` requests are handled at once; the requests beyond wait in no queue,
 *   they are answered 503 at once, so an accepted request's wait stays bounded;
 * - @fastify/under-pressure refuses requests while the event loop lags (`maxEventLoopDelayMs`,
 *   CPU-bound overload) or the heap is within 10 % of its limit (rather than crashing).
 * Refusing costs a fraction of serving: the checks are the first hooks a request meets.
 */
export const overloadPlugin = fp<OverloadOptions>(
  async (app, options) => {
    const retryAfter = String(options.retryAfterSeconds ?? 2);
    let refused = 0;
    /** Logs (sparingly), sets the status and Retry-After, and returns the body to send. */
    const refuse = (request: FastifyRequest, reply: FastifyReply, reason: string) => {
      refused++;
      // One line per second at most: a flood must not also flood the log.
      if (refused === 1) {
        request.log.warn({ reason }, 'overloaded: refusing requests');
        setTimeout(() => {
          if (refused > 1) app.log.warn({ reason, refused }, 'overloaded: requests refused');
          refused = 0;
        }, 1_000).unref();
      }
      reply.code(503).header('retry-after', retryAfter);
      return OVERLOADED;
    };

    let readySince = Number.POSITIVE_INFINITY;
    app.addHook('onReady', async () => {
      readySince = performance.now();
    });
    const startupDelay = (type: string) =>
      type === 'eventLoopDelay' && performance.now() - readySince < STARTUP_GRACE_MS;

    await app.register(underPressure, {
      maxEventLoopDelay: options.maxEventLoopDelayMs,
      maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * 0.9),
      sampleInterval: SAMPLE_INTERVAL_MS,
      // under-pressure sends what this returns, and lets the request through on undefined
      // (its types say void: sending here and returning nothing would run the later hooks).
      pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string) =>
        EXEMPT.has(request.url) || startupDelay(type)
          ? undefined
          : refuse(request, reply, type)) as never,
    });

    // While the server shuts down, requests already running finish; a new request that comes
    // on a kept-alive connection gets a DRF-shaped 503 (Fastify's own answer is not), and
    // Fastify closes the connection after it.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', (_request, reply, done) => {
      if (!closing) return done();
      reply.code(503).header('retry-after', retryAfter).send(SHUTTING_DOWN);
    });
    // A request that was running when closing began ends its connection with its answer: left
    // open, an idle keep-alive connection would hold the close up until the client drops it.
    app.addHook('onSend', (_request, reply, _payload, done) => {
      if (closing) reply.header('connection', 'close');
      done();
    });

    if (options.maxInFlight <= 0) return;
    let inFlight = 0;
    app.addHook('onRequest', (request, reply, done) => {
      if (EXEMPT.has(request.url)) return done();
      if (inFlight >= options.maxInFlight) {
        reply.send(refuse(request, reply, 'inFlight'));
        return;
      }
      inFlight++;
      // 'close' comes once per response, whether it finished or the client went away.
      reply.raw.once('close', () => {
        inFlight--;
      });
      done();
    });
  },
  { name: 'overload' },
);
