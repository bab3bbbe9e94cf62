import { createHash, randomInt } from 'node:crypto';
import { APP_PASSWORD_LIMITS, type AppPassword } from '@prodify/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/types';

/**
 * App passwords (ADR 0440). The secret is 24 characters from a 32-letter alphabet without the
 * look-alikes (120 random bits), shown as six groups of four. A secret that long cannot be
 * guessed offline, so it is stored as its SHA-256, which a DAV request can check in one indexed
 * look-up (a client sends it with every request; a password hash would cost ~50 ms each time).
 */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const SECRET_LENGTH = 24;

export function newSecret(): string {
  let out = '';
  for (let i = 0; i < SECRET_LENGTH; i++) {
    if (i > 0 && i % 4 === 0) out += '-';
    out += ALPHABET[randomInt(ALPHABET.length)];
  }
  return out;
}

/** The stored form: what the user typed, without the grouping, case or spaces, hashed. */
export function secretHash(typed: string): string {
  const normalized = typed.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normalized).digest('hex');
}

const PUBLIC = ['id', 'name', 'created_at as created', 'last_used_at as last_used'] as const;

export function listAppPasswords(db: Executor, userId: number): Promise<AppPassword[]> {
  return db
    .selectFrom('app_passwords')
    .select(PUBLIC)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

/**
 * A new password made under the user's current token version; undefined when the user already
 * has APP_PASSWORD_LIMITS.perUser (counted in the same statement as the insert).
 */
export async function insertAppPassword(
  db: Executor,
  userId: number,
  name: string,
  hash: string,
): Promise<Omit<AppPassword, 'last_used'> | undefined> {
  const { rows } = await sql<Omit<AppPassword, 'last_used'>>`
    insert into app_passwords (user_id, name, secret_hash, token_version)
    select u.id, ${name}, ${hash}, u.token_version from users u
    where u.id = ${userId}
      and (select count(*) from app_passwords p where p.user_id = u.id) < ${APP_PASSWORD_LIMITS.perUser}
    returning id, name, created_at as created
  `.execute(db);
  return rows[0];
}

export async function deleteAppPassword(db: Executor, userId: number, id: number) {
  const row = await db
    .deleteFrom('app_passwords')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The password of `hash` when it belongs to the user and was made under their current token
 * version (a password change ends every app password: ADR 0440). Its `last_used` moves at most
 * once a minute.
 */
export async function useAppPassword(
  db: Executor,
  userId: number,
  tokenVersion: number,
  hash: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('app_passwords')
    .select([
      'id',
      sql<boolean>`last_used_at is null or last_used_at < now() - interval '1 minute'`.as('stale'),
    ])
    .where('user_id', '=', userId)
    .where('secret_hash', '=', hash)
    .where('token_version', '=', tokenVersion)
    .executeTakeFirst();
  if (!row) return false;
  if (row.stale) {
    await db
      .updateTable('app_passwords')
      .set({ last_used_at: sql<string>`now()` })
      .where('id', '=', row.id)
      .execute();
  }
  return true;
}
