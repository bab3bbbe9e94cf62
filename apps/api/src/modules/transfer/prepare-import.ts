import { randomUUID } from 'node:crypto';
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endsAfterStart, type ImportSummary, parseRRule } from '@prodify/contract';
import { checkEvent } from '../events/events.write';
import type { ExceptionRow as StoredException } from '../events/occurrences';
import { occursOn } from '../events/recurrence';
import { checkTodo } from '../todos/todos.write';
import type { FileItems, ImportKind, NewEvent, NewTodo } from './import-items';

/**
 * The worker's half of an import (ADR 0420): a file's items made into the exact rows the
 * database will take, as JSON texts in batches, so that the main thread only hands each batch to
 * one insert statement. Everything that costs CPU in proportion to the file happens here: the
 * series' ends, the changed occurrences' checks, the JSON itself.
 */

/** Rows per batch, and the most JSON per batch: one step of an import stays short. */
export interface BatchSize {
  rows: number;
  chars: number;
}

/**
 * On Postgres a batch runs in another process and a large one costs the event loop nothing; on
 * the embedded database it runs on the event loop, and a step of 100 rows keeps other users'
 * waits (and the measured event-loop delay, which sheds load past 250 ms) short.
 */
export const BATCH_SIZES = {
  postgres: { rows: 500, chars: 1024 * 1024 },
  pglite: { rows: 100, chars: 256 * 1024 },
} as const satisfies Record<string, BatchSize>;

/** Where a text stands in `PreparedImport.file` (UTF-8 bytes, `[start, end)`). */
export type TextRef = readonly [number, number];

export interface PreparedBatch {
  /** The rows as a JSON array for `json_to_recordset` (import-rows.ts names the columns). */
  rows: TextRef;
  count: number;
  /** The changed occurrences of this batch's series, with their series' `source`. */
  exceptions?: TextRef;
  /** Why some of them were left out, by series `source` (said only if the series is added). */
  exceptionReasons?: { source: string; reason: string }[];
}

/**
 * A file's rows, ready to insert. The batches' texts are written to a temporary file (`file`),
 * read back one batch at a time by the importer, which removes the file when done: neither
 * thread keeps tens of megabytes of rows, and the main thread never receives them at once
 * (cloning them stalled the event loop; a transferred buffer of them stayed in memory until a
 * full garbage collection, which an idle server may not run for minutes: ADR 0420).
 */
export interface PreparedImport {
  file: string;
  batches: Record<ImportKind, PreparedBatch[]>;
  /**
   * Events and to-dos refused (a rule a created one could not break), with their reasons in
   * `reasons`.
   */
  unfit: { events: number; todos: number };
  other: number;
  reasons: ImportSummary['reasons'];
}

/** Field errors as one reason: `end_date: The end date must not be before the date.` */
const reasonOf = (errors: Record<string, string[]>) =>
  Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('; ');

/** The day after which an imported series has no occurrence, as a created event's, or why not. */
function seriesEndOf(
  event: NewEvent,
): { ok: true; seriesEnd: string | null } | { ok: false; reason: string } {
  const checked = checkEvent({
    date: event.date,
    time: event.time ?? null,
    end_time: event.end_time ?? null,
    rrule: event.rrule ?? null,
    end_date: event.end_date ?? null,
  });
  if (checked.errors) return { ok: false, reason: reasonOf(checked.errors) };
  return { ok: true, seriesEnd: checked.seriesEnd };
}

/** An exception's row (the occurrences' own), keyed by its series' source instead of its id. */
type ExceptionRow = Omit<StoredException, 'event_id'> & { source: string };

/**
 * A series' exceptions as rows, each as the occurrence routes would store it (a missing field
 * keeps the series' value). One that names no occurrence of the series, or whose end is not
 * after its start, is left out with a reason; a second one for the same occurrence is ignored.
 */
function exceptionRows(event: NewEvent): { rows: ExceptionRow[]; reasons: string[] } {
  const rows: ExceptionRow[] = [];
  const reasons: string[] = [];
  if (!event.exceptions?.length || !event.rrule) return { rows, reasons };
  const parsed = parseRRule(event.rrule);
  if (!parsed.ok) return { rows, reasons };
  const seen = new Set<string>();
  for (const x of event.exceptions) {
    const label = `"${event.title}" on ${x.occurrence}`;
    if (seen.has(x.occurrence)) continue;
    seen.add(x.occurrence);
    if (!occursOn(parsed.rule, event.date, event.time ?? null, x.occurrence)) {
      reasons.push(`${label}: not an occurrence of the series, change left out`);
      continue;
    }
    const time = x.time === undefined ? (event.time ?? null) : x.time;
    const end = x.end_time === undefined ? (event.end_time ?? null) : x.end_time;
    const endTime =
      x.end_time === undefined && (time === null || (end && end <= time)) ? null : end;
    if (!x.deleted && endTime !== null && !endsAfterStart(time, endTime)) {
      reasons.push(`${label}: the end time must be after the start time, change left out`);
      continue;
    }
    rows.push({
      source: event.source,
      occurrence: x.occurrence,
      deleted: x.deleted ?? false,
      title: x.title ?? event.title,
      date: x.date ?? x.occurrence,
      time,
      end_time: endTime,
    });
  }
  return { rows, reasons };
}

/** A batch's JSON row: the item without what is not a column, with its order and own key. */
function rowOf(item: object & { own?: { id: number; created_at: string } }, ord: number) {
  const { own, exceptions: _, ...columns } = item as typeof item & { exceptions?: unknown };
  return own
    ? { ...columns, ord, own_id: own.id, own_created_at: own.created_at }
    : { ...columns, ord };
}

/** Writes texts as UTF-8 to a new file, answering where each one stands in it. */
class TextFile {
  readonly path = path.join(tmpdir(), `prodify-import-${randomUUID()}.json`);
  readonly #fd = openSync(this.path, 'wx', 0o600);
  #length = 0;

  add(text: string): TextRef {
    const bytes = Buffer.from(text, 'utf8');
    writeSync(this.#fd, bytes);
    const ref = [this.#length, this.#length + bytes.length] as const;
    this.#length += bytes.length;
    return ref;
  }

  close(): void {
    closeSync(this.#fd);
  }
}

type BatchExtras = { exceptions?: string; exceptionReasons?: PreparedBatch['exceptionReasons'] };

function batchesOf<T extends object>(
  pack: TextFile,
  size: BatchSize,
  items: readonly T[],
  extra?: (batch: T[]) => BatchExtras,
): PreparedBatch[] {
  const out: PreparedBatch[] = [];
  let rows: string[] = [];
  let batch: T[] = [];
  let chars = 0;
  const flush = () => {
    if (rows.length === 0) return;
    const { exceptions, exceptionReasons } = extra?.(batch) ?? {};
    out.push({
      rows: pack.add(`[${rows.join(',')}]`),
      count: rows.length,
      ...(exceptions ? { exceptions: pack.add(exceptions) } : {}),
      ...(exceptionReasons ? { exceptionReasons } : {}),
    });
    rows = [];
    batch = [];
    chars = 0;
  };
  for (const item of items) {
    if (rows.length >= size.rows || chars >= size.chars) flush();
    const json = JSON.stringify(rowOf(item, rows.length));
    rows.push(json);
    batch.push(item);
    chars += json.length;
  }
  flush();
  return out;
}

/** A file's items as batches of rows; events that a created event could not be are refused. */
export function prepareImport(
  file: FileItems,
  reasonsMax: number,
  size: BatchSize = BATCH_SIZES.postgres,
): PreparedImport {
  const reasons = file.reasons.slice(0, reasonsMax);
  const events: (NewEvent & { series_end: string | null })[] = [];
  const unfit = { events: 0, todos: 0 };
  const refuse = (kind: 'events' | 'todos', item: string, reason: string) => {
    unfit[kind] += 1;
    if (reasons.length < reasonsMax) reasons.push({ item, reason });
  };
  for (const event of file.items.events) {
    // A series gets its series_end as a created one does, so ranges find it (ADR 0413).
    const end = seriesEndOf(event);
    if (end.ok) events.push({ ...event, series_end: end.seriesEnd });
    else refuse('events', `event "${event.title}"`, end.reason);
  }
  const todos: NewTodo[] = [];
  for (const todo of file.items.todos) {
    const errors = checkTodo({
      due_date: todo.due_date ?? null,
      due_time: todo.due_time ?? null,
      rrule: todo.rrule ?? null,
    });
    if (errors) refuse('todos', `to-do "${todo.task}"`, reasonOf(errors));
    else todos.push(todo);
  }
  const eventExtras = (batch: NewEvent[]): BatchExtras => {
    const rows: ExceptionRow[] = [];
    const why: { source: string; reason: string }[] = [];
    for (const event of batch) {
      const result = exceptionRows(event);
      rows.push(...result.rows);
      for (const reason of result.reasons) why.push({ source: event.source, reason });
    }
    return {
      ...(rows.length > 0 ? { exceptions: JSON.stringify(rows) } : {}),
      ...(why.length > 0 ? { exceptionReasons: why } : {}),
    };
  };
  const pack = new TextFile();
  let batches: PreparedImport['batches'];
  try {
    batches = {
      notes: batchesOf(pack, size, file.items.notes),
      todos: batchesOf(pack, size, todos),
      events: batchesOf(pack, size, events, eventExtras),
    };
  } catch (error) {
    pack.close();
    rmSync(pack.path, { force: true });
    throw error;
  }
  pack.close();
  return {
    file: pack.path,
    batches,
    unfit,
    other: file.other,
    reasons,
  };
}
