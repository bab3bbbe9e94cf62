import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';

/**
 * The row types as the drivers hand them back (see db/type-parsers.ts): dates and times are
 * strings as Postgres writes them, timestamps are DRF's ISO form, bigints are numbers.
 */
type CreatedAt = ColumnType<string, never, never>;
type UpdatedAt = ColumnType<string, never, string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  /** Bumped by a password change: tokens carrying an older version are refused. */
  token_version: Generated<number>;
  created_at: CreatedAt;
}

export interface NotesTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  content: string;
  summary: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface TodosTable {
  id: Generated<number>;
  user_id: number;
  task: string;
  due_date: string | null;
  priority: Generated<'L' | 'M' | 'H'>;
  completed: Generated<boolean>;
  created_at: CreatedAt;
}

export interface EventsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  date: string;
  time: string | null;
  created_at: CreatedAt;
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
  user_list_counts: UserListCountsTable;
  notes: NotesTable;
  todos: TodosTable;
  events: EventsTable;
}

export type Db = Kysely<Database>;
/** A query function accepts the database or a transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

export type UserRow = Selectable<UsersTable>;
export type NoteRow = Selectable<NotesTable>;
export type TodoRow = Selectable<TodosTable>;
export type EventRow = Selectable<EventsTable>;
export type NewTodo = Insertable<TodosTable>;
