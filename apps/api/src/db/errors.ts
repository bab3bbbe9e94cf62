import { DatabaseBusyError } from './pglite-dialect';

/**
 * The embedded database hit a PANIC (e.g. its disk filled up while writing the WAL) and is no
 * longer called (db/connect.ts): every query fails with this until the server is restarted.
 */
export class EmbeddedDatabaseStoppedError extends Error {
  override name = 'EmbeddedDatabaseStoppedError';
  constructor(readonly panic: Error) {
    super(
      `the embedded database stopped after a fatal error (${panic.message}); restart the server once the cause is fixed`,
    );
  }
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '57014', // query_canceled (statement_timeout)
  '3D000', // invalid_catalog_name: the database was dropped
  '53100', // disk_full
]);

const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'connection error',
  'PGlite is closed',
  'driver has already been destroyed',
  'Cannot use a pool after calling end',
];

/** True for errors that mean "the database cannot answer now", as opposed to a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseBusyError || error instanceof EmbeddedDatabaseStoppedError) {
    return true;
  }
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) {
    return true;
  }
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return UNAVAILABLE_MESSAGES.some((m) => error.message.includes(m));
}

/** A unique index refused the row (e.g. a username taken by a concurrent request). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/**
 * A row refers to a user that is gone: a foreign key to `users` refused it. A request whose user
 * was just deleted (by another instance, within its auth cache's lifetime) hits this on create.
 */
export function isMissingUser(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown; detail?: unknown } | null;
  if (e?.code !== '23503') return false;
  const constraint = typeof e.constraint === 'string' ? e.constraint : '';
  const text = typeof e.detail === 'string' ? e.detail : '';
  return constraint.endsWith('user_id_fkey') || text.includes('table "users"');
}
