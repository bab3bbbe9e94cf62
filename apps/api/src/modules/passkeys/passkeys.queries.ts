import { sql } from 'kysely';
import type { Executor } from '../../db/types';

/** How long a ceremony's challenge stays good. */
export const CHALLENGE_SECONDS = 300;

/** Stores a new challenge; expired ones of anybody go at the same time. */
export async function saveChallenge(
  db: Executor,
  challenge: string,
  purpose: 'register' | 'login',
  userId: number | null,
) {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<', sql<string>`now()`).execute();
  await db
    .insertInto('webauthn_challenges')
    .values({
      challenge,
      purpose,
      user_id: userId,
      expires_at: sql<string>`now() + make_interval(secs => ${CHALLENGE_SECONDS})`,
    })
    .execute();
}

/**
 * Uses up a challenge: true when it was issued for this purpose (and user) and has not expired.
 * One delete, so a challenge works once even when two instances are asked at once.
 */
export async function consumeChallenge(
  db: Executor,
  challenge: string,
  purpose: 'register' | 'login',
  userId: number | null,
): Promise<boolean> {
  let query = db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', sql<string>`now()`);
  query =
    userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
  const row = await query.returning('challenge').executeTakeFirst();
  return row !== undefined;
}

export function listPasskeys(db: Executor, userId: number) {
  return db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at', 'credential_id', 'transports'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function countPasskeys(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findPasskeyByCredential(db: Executor, credentialId: string) {
  return db
    .selectFrom('passkeys')
    .select(['id', 'user_id', 'credential_id', 'public_key', 'counter', 'transports'])
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

/** A new passkey; undefined when that credential is already registered (to anybody). */
export function insertPasskey(
  db: Executor,
  row: {
    user_id: number;
    credential_id: string;
    public_key: string;
    counter: number;
    transports: string;
    name: string;
  },
) {
  return db
    .insertInto('passkeys')
    .values(row)
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returning(['id', 'name', 'created_at', 'last_used_at'])
    .executeTakeFirst();
}

export async function recordPasskeyUse(db: Executor, id: number, counter: number) {
  await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: sql<string>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deletePasskey(db: Executor, userId: number, id: number): Promise<boolean> {
  const row = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
