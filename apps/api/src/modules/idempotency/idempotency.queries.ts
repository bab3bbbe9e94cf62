import type { Executor } from '../../db/types';

/** How long a key and its answer are kept (the offline issue's 24 hours). */
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface StoredAnswer {
  fingerprint: string;
  status: number | null;
  content_type: string | null;
  body: string | null;
  created_at: string;
}

/**
 * Claims a key for a first request: true when this call made the row, false when the key
 * was already there (then `findKey` says what it holds). The primary key makes the claim
 * atomic across requests and instances.
 */
export async function claimKey(
  db: Executor,
  userId: number,
  key: string,
  fingerprint: string,
  now: Date,
): Promise<boolean> {
  const made = await db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, fingerprint, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return made !== undefined;
}

export async function findKey(
  db: Executor,
  userId: number,
  key: string,
): Promise<StoredAnswer | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status', 'content_type', 'body', 'created_at'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * Takes over a key whose row is expired, or whose first request never answered (its instance
 * died): only one of several racing repeats wins, the one whose update still sees the old row.
 */
export async function reclaimKey(
  db: Executor,
  userId: number,
  key: string,
  seen: StoredAnswer,
  fingerprint: string,
  now: Date,
): Promise<boolean> {
  const taken = await db
    .updateTable('idempotency_keys')
    .set({
      fingerprint,
      status: null,
      content_type: null,
      body: null,
      created_at: now.toISOString(),
    })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('created_at', '=', seen.created_at)
    .returning('key')
    .executeTakeFirst();
  return taken !== undefined;
}

export async function recordAnswer(
  db: Executor,
  userId: number,
  key: string,
  answer: { status: number; contentType: string | null; body: string },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status: answer.status, content_type: answer.contentType, body: answer.body })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

/** Lets a key be used again: its first request failed with a 5xx or sent no answer to keep. */
export async function releaseKey(db: Executor, userId: number, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('status', 'is', null)
    .execute();
}

export async function purgeKeys(db: Executor, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now.getTime() - KEY_LIFETIME_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
