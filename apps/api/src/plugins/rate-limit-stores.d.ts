// @fastify/rate-limit's own stores, which it does not export with types. Both follow its
// FastifyRateLimitStore interface, plus the non-mutating `read` that `{ increment: false }` uses.
declare module '@fastify/rate-limit/store/*.js' {
  import type { Redis } from 'ioredis';

  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

  interface Store {
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
    read(key: string, callback: Callback, timeWindow: number, max: number): void;
    child(routeOptions: Record<string, unknown>): Store;
    /** LocalStore only: its LRU of counters. */
    lru: { get(key: string): { current: number } | undefined };
  }

  interface StoreCtor {
    new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number): Store;
    new (
      continueExceeding: boolean,
      exponentialBackoff: boolean,
      redis: Redis,
      key?: string,
    ): Store;
  }

  const Store: StoreCtor;
  export default Store;
}
