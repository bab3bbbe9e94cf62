import { type Kysely, sql } from 'kysely';

// Frozen once landed: a schema change is a new migration, never an edit of this one.

/**
 * Sessions (ADR 0417): every sign-in is a row; its tokens carry the id as `sid`, and ending the
 * session (deleting the row) ends them. `users.sidless_tokens_ended` refuses the tokens issued
 * before sessions existed (no `sid`) once the user ends their other sessions.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('sessions_user_created_idx')
    .on('sessions')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('sidless_tokens_ended', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('sidless_tokens_ended').execute();
  await db.schema.dropTable('sessions').execute();
}
