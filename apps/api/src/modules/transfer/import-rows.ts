import { open } from 'node:fs/promises';
import type { ImportSummary } from '@prodify/contract';
import { CompiledQuery } from 'kysely';
import { type JsonKind, sqlName } from '../../db/json-sql';
import { EVENT_ROW, NOTE_ROW, TODO_ROW } from '../../db/tables';
import type { Executor } from '../../db/types';
import type { ImportKind } from './import-items';
import type { ImportRun } from './import-run';
import { EXPORT_FIELDS } from './json-export';
import type { PreparedBatch, PreparedImport, TextRef } from './prepare-import';

export type { ImportItems, NewEvent, NewNote, NewTodo } from './import-items';

interface Column {
  name: string;
  type: string;
}

const SQL_TYPES: Record<JsonKind, string> = {
  int: 'integer',
  text: 'text',
  bool: 'boolean',
  date: 'date',
  time: 'time',
  timestamptz: 'timestamptz',
};

/** What the database fills in when an import's item leaves a column out. */
const DEFAULT_SQL: Record<string, string> = {
  created_at: 'now()',
  priority: `'M'`,
  completed: 'false',
};

const ROWS = { notes: NOTE_ROW, todos: TODO_ROW, events: EVENT_ROW } as const;

/**
 * Each kind's columns, from what its export holds (json-export.ts): a field added to a row
 * definition is imported as it is exported. Those with a database default (DEFAULT_SQL) are
 * taken from the item when given; events add the day their series ends.
 */
function columnsOf(kind: ImportKind): { plain: Column[]; defaulted: Column[] } {
  const sources = ROWS[kind].sources as Record<string, { generated?: true }>;
  const plain: Column[] = [];
  const defaulted: Column[] = [];
  for (const field of EXPORT_FIELDS[kind]) {
    if (field.key === 'id') continue;
    const column = { name: field.column, type: SQL_TYPES[field.kind] };
    if (field.key === 'created_at' || sources[field.key]?.generated) {
      if (DEFAULT_SQL[field.column] === undefined) throw new Error(`no default: ${field.column}`);
      defaulted.push(column);
    } else plain.push(column);
  }
  if (kind === 'events') plain.push({ name: 'series_end', type: 'date' });
  return { plain, defaulted };
}

/** Each kind's insert, its text built once: `$1` the rows, `$2` the user, `$3` the run. */
const INSERT_SQL = Object.fromEntries(
  (['notes', 'todos', 'events'] as const).map((kind) => {
    const table = sqlName(kind);
    const { plain, defaulted } = columnsOf(kind);
    const record = [
      ...plain,
      ...defaulted,
      { name: 'source', type: 'text' },
      { name: 'ord', type: 'integer' },
      { name: 'own_id', type: 'integer' },
      { name: 'own_created_at', type: 'timestamptz' },
    ]
      .map((c) => `${sqlName(c.name)} ${c.type}`)
      .join(', ');
    const columns = [...plain, ...defaulted].map((c) => sqlName(c.name)).join(', ');
    const values = [
      ...plain.map((c) => `r.${sqlName(c.name)}`),
      ...defaulted.map((c) => `coalesce(r.${sqlName(c.name)}, ${DEFAULT_SQL[c.name]})`),
    ].join(', ');
    // An item that is still the caller's own row (the same id and created_at, not added by
    // this very run, whose new ids may equal a later item's old one) is not added again.
    return [
      kind,
      `insert into ${table} (user_id, ${columns}, import_source, import_run)
       select $2, ${values}, r.source, $3
         from json_to_recordset($1::json) as r(${record})
        where r.own_id is null or not exists (
          select 1 from ${table} t
           where t.user_id = $2 and t.id = r.own_id and t.created_at = r.own_created_at
             and t.import_run is distinct from $3)
        order by r.ord
       on conflict (user_id, import_source) where import_source is not null do nothing
       returning id, import_source as source`,
    ];
  }),
) as Record<ImportKind, string>;

/** The changed occurrences of the series this run has just added, found by their source. */
const EXCEPTIONS_SQL = `
  insert into event_exceptions (event_id, user_id, occurrence, deleted, title, date, time, end_time)
  select e.id, $2, r.occurrence, r.deleted, r.title, r.date, r.time, r.end_time
    from json_to_recordset($1::json) as r(source text, occurrence date, deleted boolean,
         title text, date date, time time, end_time time)
    join events e on e.user_id = $2 and e.import_source = r.source and e.import_run = $3
  on conflict do nothing`;

const run = <R>(db: Executor, text: string, parameters: unknown[]) =>
  db.executeQuery<R>(CompiledQuery.raw(text, parameters));

async function insertBatch(
  step: ImportRun,
  userId: number,
  kind: ImportKind,
  batch: PreparedBatch,
  text: (ref: TextRef) => Promise<string>,
): Promise<{ created: number; sources: Set<string> }> {
  // Read before the step: a step holds the embedded database's only connection.
  const rows = await text(batch.rows);
  const exceptions = batch.exceptions ? await text(batch.exceptions) : undefined;
  return step.step(async (db) => {
    const result = await run<{ id: number; source: string }>(db, INSERT_SQL[kind], [
      rows,
      userId,
      step.id,
    ]);
    if (exceptions) await run(db, EXCEPTIONS_SQL, [exceptions, userId, step.id]);
    return { created: result.rows.length, sources: new Set(result.rows.map((r) => r.source)) };
  });
}

/**
 * Adds a prepared file's rows to the user's account through the run (import-run.ts), batch by
 * batch, skipping those imported before and the user's own. Answers the counts, with the
 * file's `other` and reasons first.
 */
export async function importPrepared(
  step: ImportRun,
  userId: number,
  prepared: PreparedImport,
): Promise<ImportSummary> {
  const summary: ImportSummary = {
    created: { notes: 0, todos: 0, events: 0 },
    skipped: { notes: 0, todos: 0, events: 0, other: prepared.other },
    reasons: [...prepared.reasons],
  };
  const file = await open(prepared.file, 'r');
  const text = async ([start, end]: TextRef) => {
    const { buffer, bytesRead } = await file.read(
      Buffer.allocUnsafe(end - start),
      0,
      end - start,
      start,
    );
    if (bytesRead !== end - start) throw new Error(`${prepared.file} was cut short`);
    return buffer.toString('utf8');
  };
  try {
    return await insertAll(step, userId, prepared, summary, text);
  } finally {
    await file.close();
  }
}

async function insertAll(
  step: ImportRun,
  userId: number,
  prepared: PreparedImport,
  summary: ImportSummary,
  text: (ref: TextRef) => Promise<string>,
): Promise<ImportSummary> {
  for (const kind of ['notes', 'todos', 'events'] as const) {
    for (const batch of prepared.batches[kind]) {
      const { created, sources } = await insertBatch(step, userId, kind, batch, text);
      summary.created[kind] += created;
      summary.skipped[kind] += batch.count - created;
      for (const { source, reason } of batch.exceptionReasons ?? []) {
        if (sources.has(source)) summary.reasons.push({ item: 'event', reason });
      }
    }
    const skipped = summary.skipped[kind];
    if (skipped > 0) {
      summary.reasons.push({
        item: kind,
        reason: `${skipped} already in your account (imported before), not added again`,
      });
    }
  }
  summary.skipped.events += prepared.unfit.events;
  summary.skipped.todos += prepared.unfit.todos;
  return summary;
}
