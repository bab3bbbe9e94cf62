import type { AuthUser } from './users.queries';

export interface AuthUserCacheOptions {
  /** How long an entry is trusted; 0 turns the cache off (every request reads the database). */
  ttlMs: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  user: AuthUser;
  expires: number;
}

/**
 * The signed-in user of each request (id, username, token version), remembered for a few
 * seconds so that an authenticated request does not need its own database round trip.
 *
 * Revocation stays immediate in this process: the password change, username change and account
 * deletion call `invalidate(id)` once their write has committed. A read that was already under
 * way when an invalidation happened is not stored (it may have seen the old row), so a racing
 * request cannot put the old token version back. Other API processes on the same database learn
 * of the change when their entry expires, at most `ttlMs` later (ADR 0401).
 *
 * Only users that exist are cached: a deleted account is not remembered, it is looked up again.
 */
export class AuthUserCache {
  readonly #entries = new Map<number, Entry>();
  readonly #inFlight = new Map<number, Promise<AuthUser | undefined>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  /** Bumped by every invalidation; a read that saw it change does not store its result. */
  #generation = 0;
  /** Set while revocations from other instances cannot be heard (ADR 0417): no entry is used. */
  #suspended = false;

  constructor(options: AuthUserCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.#ttlMs > 0 && !this.#suspended;
  }

  /** Stops trusting (and keeping) entries: every request reads the database until `resume`. */
  suspend(): void {
    this.#suspended = true;
    this.clear();
  }

  /** Trusts entries again, starting from none (whatever happened meanwhile was not heard). */
  resume(): void {
    this.clear();
    this.#suspended = false;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cached user, else `load(id)` (one load at a time per id), stored when still current. */
  get(
    id: number,
    load: (id: number) => Promise<AuthUser | undefined>,
  ): Promise<AuthUser | undefined> {
    if (!this.enabled) return load(id);
    const entry = this.#entries.get(id);
    if (entry && entry.expires > this.#now()) return Promise.resolve(entry.user);
    const pending = this.#inFlight.get(id);
    if (pending) return pending;

    const generation = this.#generation;
    const loading = load(id).then(
      (user) => {
        if (this.#inFlight.get(id) === loading) this.#inFlight.delete(id);
        if (user && generation === this.#generation) this.#store(id, user);
        return user;
      },
      (error: unknown) => {
        if (this.#inFlight.get(id) === loading) this.#inFlight.delete(id);
        throw error;
      },
    );
    this.#inFlight.set(id, loading);
    return loading;
  }

  /** Forgets the user: the next request reads the database. Call after the change commits. */
  invalidate(id: number): void {
    this.#generation++;
    this.#entries.delete(id);
    this.#inFlight.delete(id);
  }

  /** Forgets everyone (tests empty the database between cases). */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#inFlight.clear();
  }

  #store(id: number, user: AuthUser): void {
    this.#entries.delete(id);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    // Shared by concurrent requests: nobody may change it.
    this.#entries.set(id, { user: Object.freeze(user), expires: this.#now() + this.#ttlMs });
  }
}
