import { type Kysely, sql } from 'kysely';

// Frozen once landed: a schema change is a new migration, never an edit of this one.

/**
 * Every instance's auth cache hears of a revocation within a second (ADR 0417): ending a
 * session, changing a password, name or the sid-less rule, and deleting an account notify
 * `prodify_revocations` with the user's id, delivered at commit (identical notifications of one
 * transaction are sent once). Triggers, so that no code path can forget to notify.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function notify_session_revoked() returns trigger language plpgsql as $$
    begin
      perform pg_notify('prodify_revocations', old.user_id::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger sessions_notify_revoked after delete on sessions
    for each row execute function notify_session_revoked()`.execute(db);
  await sql`
    create function notify_user_revoked() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform pg_notify('prodify_revocations', old.id::text);
      elsif new.token_version is distinct from old.token_version
         or new.username is distinct from old.username
         or new.sidless_tokens_ended is distinct from old.sidless_tokens_ended then
        perform pg_notify('prodify_revocations', new.id::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger users_notify_revoked after update or delete on users
    for each row execute function notify_user_revoked()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger users_notify_revoked on users`.execute(db);
  await sql`drop function notify_user_revoked()`.execute(db);
  await sql`drop trigger sessions_notify_revoked on sessions`.execute(db);
  await sql`drop function notify_session_revoked()`.execute(db);
}
