import fp from 'fastify-plugin';
import { ping } from '../db/connect';
import type { Summarizer } from '../summarizer';

const READY_TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** `/healthz`: the process answers. `/readyz`: the database answers too (503 if not). */
export const healthPlugin = fp<{ summarizer: Summarizer }>(
  async (app, { summarizer }) => {
    app.get('/healthz', async () => ({ status: 'ok' }));

    app.get('/readyz', async (request, reply) => {
      const [database, summaries] = await Promise.all([
        withTimeout(ping(app.db), READY_TIMEOUT_MS).then(
          () => ({ ok: true, kind: app.dbKind }),
          (error: unknown) => {
            request.log.warn({ err: error }, 'readiness: database not answering');
            return { ok: false, kind: app.dbKind };
          },
        ),
        withTimeout(summarizer.status(), READY_TIMEOUT_MS).catch(() => ({
          ready: false,
          detail: 'the summary engine did not report its status',
        })),
      ]);
      return reply.code(database.ok ? 200 : 503).send({
        status: database.ok ? 'ok' : 'unavailable',
        database: { status: database.ok ? 'ok' : 'unavailable', kind: database.kind },
        summarizer: summaries,
      });
    });
  },
  { name: 'health', dependencies: ['db'] },
);
