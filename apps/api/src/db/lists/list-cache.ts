import type { Executor } from '../types';
import { kyselyVersionsReader, VersionBatcher, type VersionsReader } from './list-versions';

/** What a list query answers: its JSON text(s) and the user's list version it was read at. */
export interface Versioned {
  version: number | null;
}

/** What an entry costs besides its text and key (its objects and the map's slot), roughly. */
const ENTRY_OVERHEAD = 200;

interface Entry {
  version: number;
  value: Versioned;
  bytes: number;
}

export interface ListCacheStats {
  hits: number;
  misses: number;
  entries: number;
  /** The running total the bound is checked against... */
  bytes: number;
  /** ...and the entries' sizes summed now: the two must always be equal. */
  entryBytes: number;
}

/**
 * The last answer of each list query (a user, a route, its parameters), kept with the user's
 * list version it was read at (ADR 0404). Every insert, update and delete of a user's notes,
 * to-dos or events raises that version in the same transaction (migration 202611231000), so an
 * answer whose version is still the user's current one is exactly what the query would answer
 * now, whichever process made the last change.
 *
 * A read with a cached answer costs one primary-key lookup of the version instead of the list
 * query; without one, the list query reads the version itself (one statement, one snapshot).
 * Bounded by `maxBytes` (the JSON text's length plus a little per entry), least recently used
 * out first; 0 turns the cache off.
 */
export class ListCache {
  readonly #entries = new Map<string, Entry>();
  readonly #maxBytes: number;
  #bytes = 0;
  #hits = 0;
  #misses = 0;
  readonly #versions: VersionBatcher | undefined;

  /**
   * `readVersions` reads the versions of the app's database, batched across requests
   * (list-versions.ts); without it each check is its own statement on the caller's executor.
   */
  constructor(maxBytes: number, readVersions?: VersionsReader) {
    this.#maxBytes = maxBytes;
    this.#versions = readVersions && new VersionBatcher(readVersions);
  }

  /** The user's list version, read by a statement sent after this call. */
  #version(db: Executor, userId: number): Promise<number | undefined> {
    // A transaction sees its own snapshot: only its own statement can answer for it.
    if (this.#versions && !db.isTransaction) return this.#versions.version(userId);
    return kyselyVersionsReader(db)([userId]).then((versions) => versions.get(userId));
  }

  async read<T extends Versioned>(
    db: Executor,
    userId: number,
    key: string,
    size: (value: T) => number,
    load: () => Promise<T>,
  ): Promise<T> {
    if (this.#maxBytes <= 0) return load();
    const id = `${userId}\u0000${key}`;
    const entry = this.#entries.get(id);
    if (entry) {
      const version = await this.#version(db, userId);
      // Other requests ran during the await: touch the map only if it still holds this entry.
      const still = this.#entries.get(id) === entry;
      if (version === entry.version) {
        if (still) {
          // Most recently used goes last.
          this.#entries.delete(id);
          this.#entries.set(id, entry);
        }
        this.#hits++;
        return entry.value as T;
      }
      if (still) this.#remove(id, entry);
    }
    this.#misses++;
    const value = await load();
    // Each entry also costs its key and bookkeeping: empty answers (a page past the end) must
    // count too, or requests for ever new pages could fill memory without limit.
    const bytes = size(value) + id.length + ENTRY_OVERHEAD;
    if (value.version === null || bytes > this.#maxBytes / 4) return value;
    const current = this.#entries.get(id);
    // A slower read of an older version must not replace a newer one.
    if (current && current.version >= value.version) return value;
    if (current) this.#remove(id, current);
    this.#entries.set(id, { version: value.version, value, bytes });
    this.#bytes += bytes;
    for (const [oldId, old] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#remove(oldId, old);
    }
    return value;
  }

  /** A whole list (`key` names the list and its parameters). */
  list<T extends Versioned & { body: string }>(
    db: Executor,
    userId: number,
    key: string,
    load: () => Promise<T>,
  ): Promise<T> {
    return this.read(db, userId, key, (value) => value.body.length, load);
  }

  /** One page of a list (`key` names the list and its parameters, the page comes on top). */
  page<T extends Versioned & { results: string | null }>(
    db: Executor,
    userId: number,
    key: string,
    limit: number,
    offset: number,
    load: () => Promise<T>,
  ): Promise<T> {
    return this.read(
      db,
      userId,
      `${key} page ${limit} ${offset}`,
      (value) => value.results?.length ?? 0,
      load,
    );
  }

  /** Empties the cache (tests that truncate the tables, which resets ids and versions). */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  stats(): ListCacheStats {
    return {
      hits: this.#hits,
      misses: this.#misses,
      entries: this.#entries.size,
      bytes: this.#bytes,
      entryBytes: [...this.#entries.values()].reduce((sum, e) => sum + e.bytes, 0),
    };
  }

  #remove(id: string, entry: Entry): void {
    this.#entries.delete(id);
    this.#bytes -= entry.bytes;
  }
}
