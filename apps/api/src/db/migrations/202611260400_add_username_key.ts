import { type Kysely, sql } from 'kysely';
import { usernameKey } from '../../lib/username';

// Frozen once landed: a schema change is a new migration, never an edit of this one.

/**
 * Usernames are unique by their key (NFKC + full case fold, lib/username.ts, ADR 0416) instead
 * of Postgres' `lower()`. Existing users get their key here, oldest account first. Two accounts
 * whose names now share a key (e.g. "straße" and "STRASSE", distinct under `lower()`) are never
 * merged or dropped: the younger keeps a NULL key, still signs in with its exact name, and is
 * reported in the log at every start until it is renamed (plugins/db.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('username_key', 'text').execute();

  const users = await db.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
  const taken = new Set<string>();
  const rows: Array<{ id: number; key: string }> = [];
  for (const user of users as Array<{ id: number; username: string }>) {
    const key = usernameKey(user.username);
    if (taken.has(key)) continue;
    taken.add(key);
    rows.push({ id: user.id, key });
  }
  for (let i = 0; i < rows.length; i += 500) {
    const values = sql.join(
      rows.slice(i, i + 500).map((r) => sql`(${r.id}::integer, ${r.key}::text)`),
    );
    await sql`update users set username_key = v.key from (values ${values}) as v(id, key) where users.id = v.id`.execute(
      db,
    );
  }

  await db.schema
    .createIndex('users_username_key_key')
    .on('users')
    .unique()
    .column('username_key')
    .execute();
  await db.schema.dropIndex('users_username_lower_key').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('users_username_lower_key')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();
  await db.schema.dropIndex('users_username_key_key').execute();
  await db.schema.alterTable('users').dropColumn('username_key').execute();
}
