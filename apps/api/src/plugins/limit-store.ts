import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

type Store = InstanceType<typeof LocalStore>;
type Callback = Parameters<Store['incr']>[1];

/** After Redis fails a command, the limits stay per process this long before trying it again. */
const RETRY_AFTER_FAILURE_MS = 5_000;
/** A Redis that takes longer than this to answer counts as down for the request. */
const COMMAND_TIMEOUT_MS = 500;
/** How long a start waits for Redis before serving with per-process limits. */
const START_WAIT_MS = 2_000;
/** Keys (clients, accounts) remembered in memory over all limiters; the least recent go first. */
const LOCAL_KEYS = 50_000;
/** Takes one off a counter that exists and is above 0 (an expired one stays gone). */
const GIVE_BACK = `
  local current = redis.call('GET', KEYS[1])
  if current and tonumber(current) > 0 then return redis.call('DECR', KEYS[1]) end
  return 0
`;

/** Where a log line may say which Redis: host and port only, never a password. */
function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * The counters behind the rate limits and sign-in locks (ADR 0418). Without a Redis URL they are
 * @fastify/rate-limit's in-memory LRU, one per process. With one they live in Redis (the plugin's
 * own Lua scripts, through ioredis), shared by every instance; whenever Redis does not answer, a
 * request is counted in this process's memory instead, and a warning says so. A request never
 * fails or waits long because of Redis.
 */
export class LimitCounters {
  readonly redis: Redis | undefined;
  /** The in-memory counters of every limiter (their keys start with the limiter's name). */
  readonly local: Store = new LocalStore(false, false, LOCAL_KEYS);
  private readonly address: string;
  private sharedNow = false;
  private retryAt = 0;
  private warned = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    url: string | undefined,
    private readonly keyPrefix: string,
  ) {
    this.address = url ? redisAddress(url) : '';
    if (!url) return;
    this.redis = new Redis(url, {
      // Commands fail at once while disconnected, instead of queueing behind a reconnection.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
      // Reconnects for ever, at most every 2 s.
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      lazyConnect: true,
    });
    this.redis.on('ready', () => this.becameShared());
    this.redis.on('error', (error) => this.fellBack(error));
    this.redis.on('close', () => this.fellBack());
  }

  /** Connects (when configured), waiting at most a moment: a start never waits on Redis. */
  async start(): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    const connected = redis.connect().then(
      () => true,
      () => false,
    );
    const timeout = new Promise<boolean>((resolve) =>
      setTimeout(() => resolve(false), START_WAIT_MS).unref(),
    );
    if (!(await Promise.race([connected, timeout]))) this.fellBack();
  }

  async close(): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    this.sharedNow = false;
    redis.removeAllListeners();
    redis.on('error', () => {});
    redis.disconnect();
  }

  /** True while the counters live in Redis. */
  get shared(): boolean {
    return this.sharedNow && Date.now() >= this.retryAt;
  }

  private becameShared() {
    this.sharedNow = true;
    this.retryAt = 0;
    if (this.warned) {
      this.log.info({ redis: this.address }, 'Redis answers again: rate limits are shared again');
    } else {
      this.log.info({ redis: this.address }, 'rate limits are shared through Redis');
    }
    this.warned = false;
  }

  /** A command succeeded: after an outage without a reconnection (a stall), say it is over. */
  answered() {
    if (this.warned) this.becameShared();
  }

  /** Redis failed or went away: per-process counting, with one warning per outage. */
  fellBack(error?: Error) {
    if (error) this.retryAt = Date.now() + RETRY_AFTER_FAILURE_MS;
    if (this.redis && this.redis.status !== 'ready') this.sharedNow = false;
    if (this.warned || !this.redis) return;
    this.warned = true;
    this.log.warn(
      { redis: this.address, err: error?.message ?? `connection ${this.redis.status}` },
      'Redis does not answer: rate limits and sign-in locks count per process until it does',
    );
  }

  /** Takes back one count of `key` (an attempt that succeeded), where it is counted now. */
  async giveBack(key: string): Promise<void> {
    const redis = this.redis;
    if (redis && this.shared) {
      try {
        await redis.eval(GIVE_BACK, 1, this.keyPrefix + key);
        this.answered();
        return;
      } catch (error) {
        this.fellBack(error as Error);
      }
    }
    const entry = this.local.lru.get(key);
    if (entry && entry.current > 0) entry.current -= 1;
  }

  /** A store class for @fastify/rate-limit's `store` option, bound to these counters. */
  storeClass() {
    const counters = this;
    return class SharedOrLocalStore {
      // The plugin passes its options to the constructor; none of them matter here.
      readonly local: Store = counters.local;
      readonly remote: Store | undefined = counters.redis
        ? new RedisStore(false, false, counters.redis, counters.keyPrefix)
        : undefined;

      incr(key: string, callback: Callback, timeWindow: number, max: number) {
        this.run('incr', key, callback, timeWindow, max);
      }

      read(key: string, callback: Callback, timeWindow: number, max: number) {
        this.run('read', key, callback, timeWindow, max);
      }

      private run(
        method: 'incr' | 'read',
        key: string,
        callback: Callback,
        timeWindow: number,
        max: number,
      ) {
        const remote = this.remote;
        if (!remote || !counters.shared) {
          this.local[method](key, callback, timeWindow, max);
          return;
        }
        remote[method](
          key,
          (error, result) => {
            if (!error) {
              counters.answered();
              return callback(null, result);
            }
            counters.fellBack(error);
            this.local[method](key, callback, timeWindow, max);
          },
          timeWindow,
          max,
        );
      }

      /** Every limiter gets its own; keys already name the limiter, so they share a prefix. */
      child() {
        return new SharedOrLocalStore();
      }
    };
  }
}
