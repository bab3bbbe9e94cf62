import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { AuthUserCache } from './user-cache';

/** The channel the database triggers notify (migration 202611260420). */
export const REVOCATION_CHANNEL = 'prodify_revocations';

export type ListenerState = 'connecting' | 'listening' | 'lost' | 'closed';

export interface RevocationListenerOptions {
  connect: () => pg.Client;
  cache: AuthUserCache;
  log: FastifyBaseLogger;
  /** First wait before reconnecting; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** How often the connection is checked with a query (a silently dropped socket). */
  heartbeatMs?: number;
}

/**
 * Hears revocations from every instance on the same Postgres (ADR 0417). The database notifies
 * `prodify_revocations` with a user id whenever a session ends, a password or name changes, or
 * an account goes (triggers, so no code path can forget); this instance then forgets that user.
 *
 * Until the LISTEN connection is up, and whenever it is lost, the auth cache is suspended: every
 * request reads the database, so nothing revoked elsewhere is trusted meanwhile. The connection
 * is retried with backoff; once it listens again the cache starts empty.
 */
export class RevocationListener {
  #client: pg.Client | undefined;
  #state: ListenerState = 'connecting';
  #retry: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #failures = 0;
  readonly #retryMs: number;
  readonly #maxRetryMs: number;
  readonly #heartbeatMs: number;

  constructor(private readonly options: RevocationListenerOptions) {
    this.#retryMs = options.retryMs ?? 500;
    this.#maxRetryMs = options.maxRetryMs ?? 10_000;
    this.#heartbeatMs = options.heartbeatMs ?? 15_000;
    options.cache.suspend();
  }

  get state(): ListenerState {
    return this.#state;
  }

  /** The backend pid of the LISTEN connection (tests end it to simulate a lost connection). */
  get pid(): number | undefined {
    return (this.#client as unknown as { processID?: number } | undefined)?.processID;
  }

  /** Connects once; on failure the retries go on in the background. Never throws. */
  async start(): Promise<void> {
    await this.#connect();
  }

  async close(): Promise<void> {
    this.#state = 'closed';
    clearTimeout(this.#retry);
    clearInterval(this.#heartbeat);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  async #connect(): Promise<void> {
    if (this.#state === 'closed') return;
    this.#state = 'connecting';
    const client = this.options.connect();
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, new Error('connection ended')));
    client.on('notification', (message) => {
      const id = Number(message.payload);
      if (Number.isInteger(id) && id > 0) this.options.cache.invalidate(id);
    });
    this.#client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${REVOCATION_CHANNEL}`);
    } catch (error) {
      this.#lost(client, error as Error);
      return;
    }
    if (this.#client !== client || (this.#state as ListenerState) === 'closed') return;
    this.#state = 'listening';
    if (this.#failures > 0) this.options.log.info('revocation listener connected again');
    this.#failures = 0;
    this.options.cache.resume();
    clearInterval(this.#heartbeat);
    this.#heartbeat = setInterval(() => {
      client.query('select 1').catch((error: Error) => this.#lost(client, error));
    }, this.#heartbeatMs);
    this.#heartbeat.unref();
  }

  #lost(client: pg.Client, error: Error): void {
    if (this.#client !== client || this.#state === 'closed') return;
    this.#client = undefined;
    this.#state = 'lost';
    this.options.cache.suspend();
    clearInterval(this.#heartbeat);
    client.removeAllListeners('notification');
    client.on('error', () => {}); // a late error of the dead client must not crash the process
    client.end().catch(() => {});
    const wait = Math.min(this.#maxRetryMs, this.#retryMs * 2 ** this.#failures);
    this.#failures++;
    this.options.log.warn(
      { err: error, retryInMs: wait },
      'revocation listener lost its connection: not trusting the auth cache until it is back',
    );
    clearTimeout(this.#retry);
    this.#retry = setTimeout(() => void this.#connect(), wait);
    this.#retry.unref();
  }
}
