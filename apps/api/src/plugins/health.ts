import fp from 'fastify-plugin';
import { ping } from '../db/connect';
import type { DiskSpaceWatch } from '../db/disk-space';
import { EmbeddedDatabaseStoppedError } from '../db/errors';
import { detail } from '../lib/drf';
import type { Summarizer } from '../summarizer';

const READY_TIMEOUT_MS = 3_000;

/** The answer to a write while the disk is nearly full (ADR 0406). */
export const DISK_FULL = detail(
  "The server's disk is full: changes cannot be saved until space is freed. Please try again later.",
);

/** POST routes that write nothing to the database: they keep working on a full disk. */
const READ_ONLY_POSTS = new Set([
  '/api/token/',
  '/api/token/refresh/',
  '/api/user/check-username/',
  '/api/summarize/',
]);

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface HealthOptions {
  summarizer: Summarizer;
  /** The embedded database's disk, when the app opened it from DATA_DIR. */
  disk?: DiskSpaceWatch | undefined;
}

/**
 * `/healthz`: the process answers. `/readyz`: the database answers too, and (embedded database)
 * its disk has room; 503 otherwise, saying why. While the disk is nearly full, writes get 503.
 */
export const healthPlugin = fp<HealthOptions>(
  async (app, { summarizer, disk }) => {
    app.get('/healthz', async () => ({ status: 'ok' }));

    if (disk) {
      await disk.start();
      app.addHook('onClose', async () => disk.stop());
      // Routed paths only: a write to an unknown path still gets its 404.
      app.addHook('onRequest', async (request, reply) => {
        if (!disk.low || READ_METHODS.has(request.method)) return;
        const route = request.routeOptions.url;
        if (!route?.startsWith('/api/') || READ_ONLY_POSTS.has(route)) return;
        return reply.code(503).header('retry-after', '60').send(DISK_FULL);
      });
    }

    app.get('/readyz', async (request, reply) => {
      const [database, summaries] = await Promise.all([
        withTimeout(ping(app.db), READY_TIMEOUT_MS).then(
          () => ({ status: 'ok', kind: app.dbKind }),
          (error: unknown) => {
            request.log.warn({ err: error }, 'readiness: database not answering');
            return {
              status: 'unavailable',
              kind: app.dbKind,
              ...(error instanceof EmbeddedDatabaseStoppedError ? { detail: error.message } : {}),
            };
          },
        ),
        withTimeout(summarizer.status(), READY_TIMEOUT_MS).catch(() => ({
          ready: false,
          detail: 'the summary engine did not report its status',
        })),
      ]);
      const diskReport = disk?.report();
      const ready = database.status === 'ok' && diskReport?.status !== 'low';
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ok' : 'unavailable',
        database,
        ...(diskReport ? { disk: diskReport } : {}),
        summarizer: summaries,
      });
    });
  },
  { name: 'health', dependencies: ['db'] },
);
