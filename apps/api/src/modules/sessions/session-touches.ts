import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types';
import { touchSession } from './sessions.queries';

const MINUTE_MS = 60_000;

/**
 * "Last used" of a session is coarse (ADR 0417): each process writes it at most once a minute
 * per session, and the update itself only changes a row last written over a minute ago, so
 * several instances add no more writes. The write does not hold up the request.
 */
export class SessionTouches {
  readonly #written = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Forgets what was written (tests restart the ids with the tables). */
  clear(): void {
    this.#written.clear();
  }

  touch(sid: number): void {
    const now = this.now();
    const last = this.#written.get(sid);
    if (last !== undefined && now - last < MINUTE_MS) return;
    if (this.#written.size >= 50_000) this.#written.clear();
    this.#written.set(sid, now);
    touchSession(this.db, sid).catch((error: unknown) => {
      this.#written.delete(sid);
      this.log.warn({ err: error, sid }, 'could not record the session as used');
    });
  }
}
