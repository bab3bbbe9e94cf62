import type { ImportSummary } from '@prodify/contract';
import { sql } from 'kysely';
import { sqlName } from '../../db/json-sql';
import { EVENT_ROW } from '../../db/tables';
import type { Executor } from '../../db/types';
import { importedSeriesEnd, insertExceptions, type NewException } from './import-exceptions';

/**
 * The rows an import adds, whatever file they came from (ADR 0414). Each carries `source`: a key
 * of where it came from, unique per user and kind (`import_source`, migration 202611260300), so
 * that an item imported before is skipped (`on conflict do nothing`) and never overwritten.
 * `own` is the item's id in a prodify export with its `created_at`: an item that is still in
 * the account under that very id and time is the caller's own (an export re-imported into the
 * account it came from), and is skipped too.
 */
export interface NewNote {
  source: string;
  own?: { id: number; created_at: string };
  title: string;
  content: string;
  summary?: string | null;
  created_at?: string;
}

export interface NewTodo {
  source: string;
  own?: { id: number; created_at: string };
  task: string;
  due_date?: string | null;
  priority?: string;
  completed?: boolean;
  created_at?: string;
}

export interface NewEvent {
  source: string;
  own?: { id: number; created_at: string };
  title: string;
  date: string;
  time?: string | null;
  end_time?: string | null;
  rrule?: string | null;
  created_at?: string;
  /** A series' changed or deleted occurrences (JSON import; ICS EXDATEs as deleted ones). */
  exceptions?: NewException[];
  /** Set by the import from the rule, as a created event's (not taken from the file). */
  series_end?: string | null;
}

export interface ImportItems {
  notes: NewNote[];
  todos: NewTodo[];
  events: NewEvent[];
}

/** Rows per insert statement: one JSON parameter each, so a batch is one round trip. */
const BATCH = 500;

interface Column {
  name: string;
  type: string;
}

/** The optional planner columns of events, used when the events table has them (issue 11). */
const EVENT_EXTRAS: Column[] = [
  { name: 'end_time', type: 'time' },
  { name: 'rrule', type: 'text' },
];
const eventColumns = new Set(EVENT_ROW.fields.map((f) => f.column));

const COLUMNS: Record<keyof ImportItems, Column[]> = {
  notes: [
    { name: 'title', type: 'text' },
    { name: 'content', type: 'text' },
    { name: 'summary', type: 'text' },
  ],
  todos: [
    { name: 'task', type: 'text' },
    { name: 'due_date', type: 'date' },
  ],
  events: [
    { name: 'title', type: 'text' },
    { name: 'date', type: 'date' },
    { name: 'time', type: 'time' },
    ...EVENT_EXTRAS.filter((c) => eventColumns.has(c.name)),
    { name: 'series_end', type: 'date' },
  ],
};

/** Columns with a database default: taken from the item when given, else the default. */
const DEFAULTED: Record<keyof ImportItems, Column[]> = {
  notes: [{ name: 'created_at', type: 'timestamptz' }],
  todos: [
    { name: 'priority', type: 'text' },
    { name: 'completed', type: 'boolean' },
    { name: 'created_at', type: 'timestamptz' },
  ],
  events: [{ name: 'created_at', type: 'timestamptz' }],
};

async function insertBatch(
  db: Executor,
  userId: number,
  kind: keyof ImportItems,
  items: readonly (NewNote | NewTodo | NewEvent)[],
): Promise<{ id: number; source: string }[]> {
  const table = sqlName(kind);
  const plain = COLUMNS[kind];
  const defaulted = DEFAULTED[kind];
  const record = [
    ...plain,
    ...defaulted,
    { name: 'source', type: 'text' },
    { name: 'ord', type: 'integer' },
  ]
    .map((c) => `${sqlName(c.name)} ${c.type}`)
    .join(', ');
  const columns = [...plain, ...defaulted].map((c) => sqlName(c.name));
  const values = [
    ...plain.map((c) => `r.${sqlName(c.name)}`),
    ...defaulted.map((c) => `coalesce(r.${sqlName(c.name)}, ${DEFAULT_SQL[c.name]})`),
  ];
  const rows = items.map((item, ord) => ({
    ...item,
    own: undefined,
    exceptions: undefined,
    ord,
  }));
  const result = await sql<{ id: number; source: string }>`
    insert into ${sql.raw(table)} (user_id, ${sql.raw(columns.join(', '))}, import_source)
    select ${userId}, ${sql.raw(values.join(', '))}, r.source
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(${sql.raw(record)})
     order by r.ord
    on conflict (user_id, import_source) where import_source is not null do nothing
    returning id, import_source as source
  `.execute(db);
  return result.rows;
}

/**
 * The items that are still the caller's own rows (the same id and `created_at`): an export
 * re-imported into the account it came from. Asked before the import adds anything, so that a
 * row it has just added (whose new id may equal a later item's old one) is never taken for one.
 */
async function withoutOwn<T extends NewNote | NewTodo | NewEvent>(
  db: Executor,
  userId: number,
  kind: keyof ImportItems,
  items: readonly T[],
): Promise<T[]> {
  const keep: T[] = [];
  for (let start = 0; start < items.length; start += BATCH) {
    const batch = items.slice(start, start + BATCH);
    const keys = batch.flatMap((item, ord) =>
      item.own ? [{ ord, id: item.own.id, created_at: item.own.created_at }] : [],
    );
    const own = new Set<number>();
    if (keys.length > 0) {
      const { rows } = await sql<{ ord: number }>`
        select r.ord from json_to_recordset(${JSON.stringify(keys)}::json)
          as r(ord integer, id integer, created_at timestamptz)
         where exists (
           select 1 from ${sql.raw(sqlName(kind))} t
            where t.user_id = ${userId} and t.id = r.id and t.created_at = r.created_at
         )
      `.execute(db);
      for (const row of rows) own.add(row.ord);
    }
    keep.push(...batch.filter((_, ord) => !own.has(ord)));
  }
  return keep;
}

const DEFAULT_SQL: Record<string, string> = {
  created_at: 'now()',
  priority: `'M'`,
  completed: 'false',
};

/**
 * Adds the items to the user's account in the caller's transaction, skipping those imported
 * before (and the user's own). Answers the counts, with `other` and reasons from the caller.
 */
export async function importItems(
  db: Executor,
  userId: number,
  items: ImportItems,
  skippedBefore: Pick<ImportSummary, 'reasons'> & { other: number } = { reasons: [], other: 0 },
): Promise<ImportSummary> {
  // One import per user at a time: two at once would both find an item new.
  await sql`select pg_advisory_xact_lock(1414, ${userId}::int)`.execute(db);
  const summary: ImportSummary = {
    created: { notes: 0, todos: 0, events: 0 },
    skipped: { notes: 0, todos: 0, events: 0, other: skippedBefore.other },
    reasons: [...skippedBefore.reasons],
  };
  const events: NewEvent[] = [];
  let unfit = 0;
  for (const event of items.events) {
    // A series gets its series_end as a created one does, so ranges find it (ADR 0413).
    const end = importedSeriesEnd(event);
    if (end.ok) events.push({ ...event, series_end: end.seriesEnd });
    else {
      unfit += 1;
      summary.reasons.push({ item: `event "${event.title}"`, reason: end.reason });
    }
  }
  const lists = {
    notes: await withoutOwn(db, userId, 'notes', items.notes),
    todos: await withoutOwn(db, userId, 'todos', items.todos),
    events: await withoutOwn(db, userId, 'events', events),
  };
  summary.skipped.notes += items.notes.length - lists.notes.length;
  summary.skipped.todos += items.todos.length - lists.todos.length;
  summary.skipped.events += events.length - lists.events.length;
  for (const kind of ['notes', 'todos', 'events'] as const) {
    const list: readonly (NewNote | NewTodo | NewEvent)[] = lists[kind];
    for (let start = 0; start < list.length; start += BATCH) {
      const batch = list.slice(start, start + BATCH);
      const created = await insertBatch(db, userId, kind, batch);
      summary.created[kind] += created.length;
      summary.skipped[kind] += batch.length - created.length;
      if (kind === 'events') await addExceptions(db, userId, batch as NewEvent[], created, summary);
    }
    const skipped = summary.skipped[kind];
    if (skipped > 0) {
      summary.reasons.push({
        item: kind,
        reason: `${skipped} already in your account (imported before), not added again`,
      });
    }
  }
  summary.skipped.events += unfit;
  return summary;
}

/** The changed occurrences of the series a batch created, matched by their source keys. */
async function addExceptions(
  db: Executor,
  userId: number,
  batch: NewEvent[],
  created: { id: number; source: string }[],
  summary: ImportSummary,
) {
  if (!batch.some((e) => e.exceptions?.length)) return;
  const bySource = new Map(batch.map((e) => [e.source, e]));
  const series = created.flatMap(({ id, source }) => {
    const event = bySource.get(source);
    return event ? [{ id, event }] : [];
  });
  const result = await insertExceptions(db, userId, series);
  for (const reason of result.reasons) summary.reasons.push({ item: 'event', reason });
}
