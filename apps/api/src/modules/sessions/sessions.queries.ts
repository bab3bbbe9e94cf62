import type { SessionMethod } from '@prodify/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/types';

const USER_AGENT_MAX = 512;
const IP_MAX = 64;

/** A new session for a sign-in (ADR 0417); its id goes into the tokens as `sid`. */
export async function createSession(
  db: Executor,
  userId: number,
  userAgent: string | undefined,
  ip: string,
  method: SessionMethod = 'password',
): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      user_agent: (userAgent ?? '').replaceAll('\u0000', '').slice(0, USER_AGENT_MAX),
      ip: ip.slice(0, IP_MAX),
      method,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sessions whose refresh token has expired can do nothing more: they go at the next sign-in. */
export async function deleteExpiredSessions(db: Executor, userId: number, maxAgeSeconds: number) {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('created_at', '<', sql<string>`now() - make_interval(secs => ${maxAgeSeconds})`)
    .execute();
}

/** The user's live sessions, newest first. */
export function listSessions(db: Executor, userId: number, maxAgeSeconds: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_used_at', 'user_agent', 'ip', 'method'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', sql<string>`now() - make_interval(secs => ${maxAgeSeconds})`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Ends one of the user's sessions; false when there is none of that id (or not theirs). */
export async function endSession(db: Executor, userId: number, id: number): Promise<boolean> {
  const row = await db
    .deleteFrom('sessions')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Ends every session of the user but `keep`, and refuses their tokens without `sid` from now on
 * (they belong to no session that could be ended). Answers how many sessions ended.
 */
export async function endOtherSessions(
  db: Executor,
  userId: number,
  keep: number | undefined,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keep !== undefined) query = query.where('id', '<>', keep);
  const ended = await query.returning('id').execute();
  await db
    .updateTable('users')
    .set({ sidless_tokens_ended: true })
    .where('id', '=', userId)
    .execute();
  return ended.length;
}

/** Records a use of the session, at most once a minute across every instance. */
export async function touchSession(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: sql<string>`now()` })
    .where('id', '=', id)
    .where('last_used_at', '<', sql<string>`now() - interval '1 minute'`)
    .execute();
}
