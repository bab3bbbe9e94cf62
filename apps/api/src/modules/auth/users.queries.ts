import { sql } from 'kysely';
import type { Executor } from '../../db/types';
import { usernameKey } from '../../lib/username';

/** The fields every authenticated request needs. */
export interface AuthUser {
  id: number;
  username: string;
  token_version: number;
  /** Tokens without `sid` are refused (ADR 0417). */
  sidless_tokens_ended: boolean;
  /** The ids of the user's sessions that have not been ended. */
  sessions: number[];
}

/** The user and their session ids, in one round trip. */
export function findUserById(db: Executor, id: number): Promise<AuthUser | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'token_version', 'sidless_tokens_ended'])
    .select(
      sql<
        number[]
      >`coalesce((select json_agg(s.id) from sessions s where s.user_id = users.id), '[]'::json)`.as(
        'sessions',
      ),
    )
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Sign-in finds the account by the name's key (ADR 0416). An account that lost a key collision
 * in the migration (NULL key) is found by its exact name, before the key's owner.
 */
export function findUserForLogin(db: Executor, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'token_version', 'password_hash'])
    .where((eb) =>
      eb.or([
        eb('username_key', '=', usernameKey(username)),
        eb.and([eb('username_key', 'is', null), eb('username', '=', username)]),
      ]),
    )
    .orderBy(sql`username_key is null`, 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findPasswordHash(db: Executor, userId: number): Promise<string | undefined> {
  return db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst()
    .then((row) => row?.password_hash);
}

/** Is the name used by another account (any spelling with the same key, ADR 0416)? */
export async function isUsernameTaken(
  db: Executor,
  username: string,
  exceptUserId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('username_key', '=', usernameKey(username)),
        eb.and([eb('username_key', 'is', null), eb('username', '=', username)]),
      ]),
    );
  if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Creates the user; undefined when the name is taken (checked by the unique index). */
export function insertUser(db: Executor, username: string, passwordHash: string) {
  return db
    .insertInto('users')
    .values({ username, username_key: usernameKey(username), password_hash: passwordHash })
    .onConflict((oc) => oc.column('username_key').doNothing())
    .returning(['id', 'username'])
    .executeTakeFirst();
}

export interface UserChanges {
  username?: string | undefined;
  /** A new password hash; also bumps the token version, revoking every earlier token. */
  passwordHash?: string | undefined;
}

export function updateUser(
  db: Executor,
  userId: number,
  changes: UserChanges,
): Promise<{ id: number; username: string; token_version: number } | undefined> {
  if (changes.username === undefined && changes.passwordHash === undefined) {
    return findUserById(db, userId);
  }
  return db
    .updateTable('users')
    .set((eb) => ({
      ...(changes.username !== undefined
        ? { username: changes.username, username_key: usernameKey(changes.username) }
        : {}),
      ...(changes.passwordHash !== undefined
        ? { password_hash: changes.passwordHash, token_version: eb('token_version', '+', 1) }
        : {}),
    }))
    .where('id', '=', userId)
    .returning(['id', 'username', 'token_version'])
    .executeTakeFirst();
}

/** Deletes the user and, through the foreign keys, all their notes, to-dos and events. */
export async function deleteUser(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .deleteFrom('users')
    .where('id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
