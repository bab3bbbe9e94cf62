import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { TableOf } from './rows';
import type { EVENT_ROW, NOTE_ROW, TODO_ROW } from './tables';

/**
 * The database as Kysely sees it. The resources' tables derive from their row definitions
 * (db/tables.ts); only columns outside the API shapes are written here. Dates, times and
 * timestamps are strings (db/type-parsers.ts), bigints are numbers.
 */
type CreatedAt = ColumnType<string, never, never>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** usernameKey(username), unique; NULL only for an account that lost a collision (ADR 0416). */
  username_key: string | null;
  password_hash: string;
  /** Bumped by a password change: tokens carrying an older version are refused. */
  token_version: Generated<number>;
  created_at: CreatedAt;
  /** Set when the user ends their other sessions: tokens without `sid` are refused (ADR 0417). */
  sidless_tokens_ended: Generated<boolean>;
}

/** A signed-in device (ADR 0417); deleting the row ends its tokens. */
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  created_at: CreatedAt;
  last_used_at: ColumnType<string, never, string>;
  user_agent: string;
  ip: string;
}

/** Each user's number of notes and to-dos, kept by triggers (migration 202611221000). */
export interface UserListCountsTable {
  user_id: number;
  notes: number;
  todos: number;
  /** Raised by every change of the user's notes, to-dos or events (migration 202611231000). */
  version: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  user_list_counts: UserListCountsTable;
  notes: TableOf<typeof NOTE_ROW> & { updated_at: ColumnType<string, never, string> };
  todos: TableOf<typeof TODO_ROW>;
  events: TableOf<typeof EVENT_ROW> & { user_id: number; created_at: CreatedAt };
}

export type Db = Kysely<Database>;
/** A query function accepts the database or a transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
