import type { FastifyBaseLogger } from 'fastify';

export interface CapturedLog {
  level: string;
  obj: unknown;
  msg?: string;
}

/** A logger for tests that keeps what it is told, to assert on warnings. */
export function captureLog(): { log: FastifyBaseLogger; entries: CapturedLog[] } {
  const entries: CapturedLog[] = [];
  const at =
    (level: string) =>
    (obj: unknown, msg?: string): void => {
      entries.push(
        typeof obj === 'string' ? { level, obj: undefined, msg: obj } : { level, obj, msg },
      );
    };
  const log = {
    level: 'trace',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => {},
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, entries };
}
