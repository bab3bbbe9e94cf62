import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../../db/types';

/** 192 random bits, URL-safe (32 characters): unguessable, and the only key to a feed. */
export function newFeedToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Only this is stored: a leaked database does not open anyone's feed. */
export const hashFeedToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** `/api/calendar/feed/{token}.ics` */
export const feedPath = (token: string) => `/api/calendar/feed/${token}.ics`;

/** Creates the user's feed or replaces its token: the old URL stops answering at once. */
export async function rotateFeed(db: Executor, userId: number): Promise<string> {
  const token = newFeedToken();
  await sql`
    insert into calendar_feeds (user_id, token_hash) values (${userId}, ${hashFeedToken(token)})
    on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = now()
  `.execute(db);
  return token;
}

export async function feedStatus(db: Executor, userId: number) {
  const row = await sql<{ created_at: string }>`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
      from calendar_feeds where user_id = ${userId}
  `.execute(db);
  const found = row.rows[0];
  return { active: found !== undefined, created_at: found?.created_at ?? null };
}

export async function deleteFeed(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

/** The user whose feed this token opens, or undefined. */
export async function feedOwner(db: Executor, token: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select('user_id')
    .where('token_hash', '=', hashFeedToken(token))
    .executeTakeFirst();
  return row?.user_id;
}
