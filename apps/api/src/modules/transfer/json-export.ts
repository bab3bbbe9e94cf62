import { EXPORT_FORMAT, EXPORT_VERSION } from '@prodify/contract';
import { sql } from 'kysely';
import { type JsonField, jsonObjectSql, sqlName } from '../../db/json-sql';
import { EVENT_ROW, NOTE_ROW, TODO_ROW } from '../../db/tables';
import type { Executor } from '../../db/types';

/** Rows read per query while streaming: memory stays bounded whatever the account's size. */
export const EXPORT_BATCH = 1_000;

const CREATED_AT: JsonField = {
  key: 'created_at',
  column: 'created_at',
  kind: 'timestamptz',
  nullable: false,
};

/**
 * What each kind's items hold in an export: the API object without its owner (`author`,
 * `user`), and `created_at` everywhere (events have none in the API), which an import keeps.
 * Events take every field of their row definition, so the planner's end time and recurrence
 * are exported as soon as the events carry them.
 */
export const EXPORT_FIELDS = {
  notes: NOTE_ROW.fields.filter((f) => f.key !== 'author'),
  todos: TODO_ROW.fields.filter((f) => f.key !== 'user'),
  events: [...EVENT_ROW.fields.filter((f) => f.key !== 'created_at'), CREATED_AT],
} as const;

export type ExportKind = keyof typeof EXPORT_FIELDS;

/**
 * A series' changed or deleted occurrences as `,"exceptions":[...]` (nothing when it has none):
 * a deleted one as `{occurrence, deleted: true}`, a changed one with all its fields.
 */
const EXCEPTIONS_SQL = `coalesce(',"exceptions":' || (
  select json_agg(case when x.deleted
      then json_build_object('occurrence', x.occurrence, 'deleted', true)
      else json_build_object('occurrence', x.occurrence, 'title', x.title, 'date', x.date,
        'time', x.time, 'end_time', x.end_time) end
    order by x.occurrence)::text
    from event_exceptions x where x.event_id = r.id), '')`;

/** The SQL of one row `r` of a kind as its export JSON text (CalDAV serves the same: ADR 0441). */
export function rowJsonSql(kind: ExportKind): string {
  const json = jsonObjectSql('r', EXPORT_FIELDS[kind]);
  return kind === 'events' ? `(left(${json}, -1) || ${EXCEPTIONS_SQL} || '}')` : json;
}

/**
 * The user's rows of one kind as JSON texts, oldest first, read in batches by keyset (created_at,
 * id): each batch is one query on the (user_id, created_at, id) index, so the export never holds
 * more than a batch. Not one snapshot: a row added during a long export may be in it or not.
 */
export async function* exportRows(
  db: Executor,
  kind: ExportKind,
  userId: number,
  batch = EXPORT_BATCH,
): AsyncGenerator<string> {
  const table = sqlName(kind);
  const json = sql.raw(rowJsonSql(kind));
  let after: { created_at: string; id: number } | undefined;
  for (;;) {
    const page = await sql<{ json: string; id: number; at: string }>`
      select ${json} as json, r.id, r.created_at::text as at
        from ${sql.raw(table)} r
       where r.user_id = ${userId}
         ${after ? sql`and (r.created_at, r.id) > (${after.created_at}::timestamptz, ${after.id}::int)` : sql``}
       order by r.created_at, r.id
       limit ${batch}
    `.execute(db);
    for (const row of page.rows) yield row.json;
    const last = page.rows.at(-1);
    if (!last || page.rows.length < batch) return;
    after = { created_at: last.at, id: last.id };
  }
}

/**
 * The whole export document as chunks of JSON text, written as the rows are read:
 * `{format, version, exported_at, username, notes, todos, events}` (ADR 0414).
 */
export async function* exportDocument(
  db: Executor,
  user: { id: number; username: string },
  now: Date = new Date(),
): AsyncGenerator<string> {
  const head = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: now.toISOString(),
    username: user.username,
  };
  yield JSON.stringify(head).slice(0, -1);
  for (const kind of ['notes', 'todos', 'events'] as const) {
    yield `,"${kind}":[`;
    let first = true;
    let chunk: string[] = [];
    for await (const row of exportRows(db, kind, user.id)) {
      chunk.push(first ? row : `,${row}`);
      first = false;
      if (chunk.length >= 100) {
        yield chunk.join('');
        chunk = [];
      }
    }
    if (chunk.length > 0) yield chunk.join('');
    yield ']';
  }
  yield '}\n';
}

/** `prodify-export-2026-11-26.json`: a download name the user can tell apart by date. */
export function exportFileName(now: Date, extension: string): string {
  return `prodify-export-${now.toISOString().slice(0, 10)}.${extension}`;
}
