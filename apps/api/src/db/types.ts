import type { SessionMethod } from '@prodify/contract';
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
  /** How the sign-in was made (ADR 0430). */
  method: ColumnType<SessionMethod, SessionMethod | undefined, never>;
}

/** A user's authenticator secret (ADR 0430), AES-GCM encrypted; unconfirmed until its first code. */
export interface UserTotpTable {
  user_id: number;
  secret_enc: string;
  confirmed_at: string | null;
  /** The last time step a code was accepted for: it and earlier ones are refused. */
  last_step: Generated<number>;
  created_at: ColumnType<string, never, never>;
}

/** A user's passkey (ADR 0431): the credential's public key, never a secret. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url, as the browser names it. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: Generated<number>;
  /** The authenticator's transports, comma separated. */
  transports: Generated<string>;
  name: string;
  created_at: ColumnType<string, never, never>;
  last_used_at: string | null;
}

/** A WebAuthn ceremony's challenge (ADR 0431): used once, within 5 minutes. */
export interface WebauthnChallengesTable {
  challenge: string;
  purpose: 'register' | 'login';
  user_id: number | null;
  expires_at: string;
}

/** A recovery code as a keyed hash (ADR 0430); `used_at` set once it was used. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

/** Each user's number of notes and to-dos, kept by triggers (migration 202611221000). */
export interface UserListCountsTable {
  user_id: number;
  notes: number;
  todos: number;
  /** Raised by every change of the user's notes, to-dos or events (migration 202611231000). */
  version: number;
}

/** Deleted notes, to-dos and events, each row kept whole as JSON (migration 202611260100). */
export interface TrashTable {
  kind: 'note' | 'todo' | 'event';
  item_id: number;
  user_id: number;
  deleted_at: ColumnType<string, string | undefined, never>;
  data: unknown;
}

/** One occurrence of a series changed or deleted (migration 202611260200, ADR 0412). */
export interface EventExceptionsTable {
  event_id: number;
  user_id: number;
  /** The occurrence's own date in the series. */
  occurrence: string;
  deleted: Generated<boolean>;
  title: string;
  date: string;
  time: string | null;
  end_time: string | null;
}

/** Where an imported row came from (ADR 0414); null for rows made in the app. */
type ImportSource = {
  import_source: ColumnType<string | null, string | null | undefined, never>;
  /** The import run that added the row (ADR 0420); null for rows made in the app. */
  import_run: ColumnType<number | null, number | null | undefined, never>;
};

/** A user's preferences (ADR 0421); no row means every default. */
export interface UserPreferencesTable {
  user_id: number;
  time_zone: string | null;
  todo_reminder_time: Generated<string>;
  remind_in_app: Generated<boolean>;
  remind_by_push: Generated<boolean>;
  remind_by_email: Generated<boolean>;
  daily_agenda_at: string | null;
  updated_at: Generated<string>;
}

/** A write's idempotency key and, once answered, its answer (ADR 0426). */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** sha256 (hex) of the method, the path and the body. */
  fingerprint: string;
  /** Null while the first request runs. */
  status: number | null;
  content_type: string | null;
  body: string | null;
  created_at: ColumnType<string, string, string>;
}

/** An import that has not finished yet (ADR 0420). */
export interface ImportRunsTable {
  id: Generated<number>;
  user_id: number;
  started_at: ColumnType<string, never, never>;
}

/** One completed occurrence of a repeating to-do (ADR 0422). */
export interface TodoCompletionsTable {
  id: Generated<number>;
  user_id: number;
  todo_id: number;
  occurrence: string;
  completed_at: ColumnType<string, never, never>;
}

/** A user's secret calendar subscription (ADR 0415). */
export interface CalendarFeedsTable {
  user_id: number;
  token_hash: string;
  created_at: ColumnType<string, never, never>;
}

/** The CalDAV columns of events and to-dos (migration 202611270900, ADR 0441). */
type DavColumns = {
  uid: ColumnType<string, string | undefined, string>;
  dav_name: ColumnType<string | null, string | null | undefined, string | null>;
  dav_ics: ColumnType<string | null, string | null | undefined, string | null>;
  /** -1 on a write that stores the client's text: the trigger makes it the new dav_seq. */
  dav_ics_seq: ColumnType<number | null, number | null | undefined, number | null>;
  /** Set by a trigger on every insert and update (a bigint, read as a number). */
  dav_seq: ColumnType<number, never, never>;
};

/** A CalDAV client's password (ADR 0440); the secret is kept as its SHA-256. */
export interface AppPasswordsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  secret_hash: string;
  token_version: number;
  created_at: ColumnType<string, never, never>;
  last_used_at: ColumnType<string | null, never, string>;
}

/** An event or to-do deleted, for sync-collection (ADR 0441). */
export interface DavTombstonesTable {
  user_id: number;
  kind: 'event' | 'todo';
  uid: string;
  dav_name: string | null;
  dav_seq: ColumnType<number, never, never>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  user_list_counts: UserListCountsTable;
  notes: TableOf<typeof NOTE_ROW> & {
    updated_at: ColumnType<string, never, string>;
    /** Title and content for `?search=`, set by a trigger (migration 202611260120). */
    search_text: ColumnType<string, never, never>;
  } & ImportSource;
  todos: TableOf<typeof TODO_ROW> & ImportSource & DavColumns;
  events: TableOf<typeof EVENT_ROW> & {
    user_id: number;
    created_at: CreatedAt;
    /** A day after which a series has no occurrence; null when it never ends (ADR 0413). */
    series_end: string | null;
  } & ImportSource &
    DavColumns;
  event_exceptions: EventExceptionsTable;
  trash: TrashTable;
  calendar_feeds: CalendarFeedsTable;
  import_runs: ImportRunsTable;
  user_preferences: UserPreferencesTable;
  idempotency_keys: IdempotencyKeysTable;
  todo_completions: TodoCompletionsTable;
  app_passwords: AppPasswordsTable;
  dav_tombstones: DavTombstonesTable;
  user_totp: UserTotpTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
}

export type Db = Kysely<Database>;
/** A query function accepts the database or a transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
