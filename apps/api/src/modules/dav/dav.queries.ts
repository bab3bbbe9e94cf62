import { sql } from 'kysely';
import type { Executor } from '../../db/types';
import { checkEvent } from '../events/events.write';
import { checkTodo } from '../todos/todos.write';
import type { NewEvent, NewTodo } from '../transfer/import-items';
import { rowJsonSql } from '../transfer/json-export';
import type { DavRow } from './dav-mapping';
import { type DavKind, TABLE } from './dav-paths';

/**
 * CalDAV's reads and writes of the user's events and to-dos (ADR 0441). Every query takes the
 * user id. Change numbers (`dav_seq`) come from one Postgres sequence through triggers, so that
 * every instance and every writer (web, API, CalDAV, import) agrees on them.
 */

export interface DavObject extends DavRow {
  id: number;
  dav_name: string | null;
}

export interface DavListing {
  id: number;
  uid: string;
  dav_name: string | null;
  dav_seq: number;
}

const exportJson = (kind: DavKind) => sql.raw(rowJsonSql(TABLE[kind]));

/** The last change number of a collection: its items' and its deletions'. */
export async function collectionSeq(db: Executor, userId: number, kind: DavKind): Promise<number> {
  const { rows } = await sql<{ seq: number | null }>`
    select greatest(
      (select max(dav_seq) from ${sql.table(TABLE[kind])} where user_id = ${userId}),
      (select max(dav_seq) from dav_tombstones where user_id = ${userId} and kind = ${kind})
    ) as seq
  `.execute(db);
  return Number(rows[0]?.seq ?? 0);
}

export function listObjects(db: Executor, userId: number, kind: DavKind): Promise<DavListing[]> {
  return db
    .selectFrom(TABLE[kind])
    .select(['id', 'uid', 'dav_name', 'dav_seq'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** Items with their export JSON, chosen by `where` on the table aliased `r`. */
async function objectsWhere(
  db: Executor,
  userId: number,
  kind: DavKind,
  where: ReturnType<typeof sql>,
): Promise<DavObject[]> {
  const { rows } = await sql<DavObject>`
    select r.id, r.uid, r.dav_name, r.dav_ics, r.dav_ics_seq, r.dav_seq, ${exportJson(kind)} as json
    from ${sql.table(TABLE[kind])} r
    where r.user_id = ${userId} and ${where}
    order by r.id
  `.execute(db);
  return rows;
}

const byName = (names: string[]) => {
  const stems = names.filter((n) => n.endsWith('.ics')).map((n) => n.slice(0, -4));
  return sql`(r.dav_name in (${sql.join(names)})
    or (r.dav_name is null and r.uid in (${sql.join(stems.length > 0 ? stems : [''])})))`;
};

export async function findObject(db: Executor, userId: number, kind: DavKind, name: string) {
  return (await objectsWhere(db, userId, kind, byName([name])))[0];
}

export function objectsByName(db: Executor, userId: number, kind: DavKind, names: string[]) {
  if (names.length === 0) return Promise.resolve([]);
  return objectsWhere(db, userId, kind, byName(names));
}

export function allObjects(db: Executor, userId: number, kind: DavKind, ids?: number[]) {
  if (ids?.length === 0) return Promise.resolve([]);
  return objectsWhere(db, userId, kind, ids ? sql`r.id in (${sql.join(ids)})` : sql`true`);
}

/** What changed after `seq`: the items changed since, and the names of those deleted. */
export async function changesSince(db: Executor, userId: number, kind: DavKind, seq: number) {
  const changed = await objectsWhere(db, userId, kind, sql`r.dav_seq > ${seq}`);
  const { rows: deleted } = await sql<{ uid: string; dav_name: string | null }>`
    select t.uid, t.dav_name from dav_tombstones t
    where t.user_id = ${userId} and t.kind = ${kind} and t.dav_seq > ${seq}
      and not exists (
        select 1 from ${sql.table(TABLE[kind])} r where r.user_id = ${userId} and r.uid = t.uid)
  `.execute(db);
  return { changed, deleted };
}

/** Another item of the user with this UID (a PUT under another name would duplicate it). */
export async function uidTaken(db: Executor, userId: number, kind: DavKind, uid: string) {
  const row = await db
    .selectFrom(TABLE[kind])
    .select('id')
    .where('user_id', '=', userId)
    .where('uid', '=', uid)
    .executeTakeFirst();
  return row?.id;
}

/** The written item's change number, or a message when its fields cannot be stored. */
export type Written = { ok: true; seq: number; created: boolean } | { ok: false; message: string };

interface Put {
  userId: number;
  uid: string;
  /** The object's name when it is not `{uid}.ics`. */
  name: string | null;
  text: string;
  /** The item it replaces, if any. */
  id: number | undefined;
}

/** Keeps the client's text as current: the trigger turns -1 into the row's new number. */
async function keepText(trx: Executor, kind: DavKind, id: number, text: string) {
  const row = await trx
    .updateTable(TABLE[kind])
    .set({ dav_ics: text, dav_ics_seq: -1 })
    .where('id', '=', id)
    .returning('dav_seq')
    .executeTakeFirstOrThrow();
  return Number(row.dav_seq);
}

export async function putEvent(trx: Executor, put: Put, event: NewEvent): Promise<Written> {
  const values = {
    title: event.title,
    date: event.date,
    time: event.time ?? null,
    end_time: event.end_time ?? null,
    rrule: event.rrule ?? null,
    end_date: event.end_date ?? null,
    description: event.description ?? null,
    location: event.location ?? null,
  };
  const checked = checkEvent(values);
  if (checked.errors) {
    return { ok: false, message: Object.values(checked.errors).flat().join(' ') };
  }
  let id = put.id;
  if (id === undefined) {
    const row = await trx
      .insertInto('events')
      .values({
        ...values,
        user_id: put.userId,
        series_end: checked.seriesEnd,
        uid: put.uid,
        dav_name: put.name,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } else {
    await trx
      .updateTable('events')
      .set({ ...values, series_end: checked.seriesEnd })
      .where('user_id', '=', put.userId)
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('event_exceptions').where('event_id', '=', id).execute();
  }
  const exceptions = values.rrule ? (event.exceptions ?? []) : [];
  const seen = new Set<string>();
  for (const x of exceptions) {
    // A change after a deletion of the same occurrence (or twice): the first one counts.
    if (seen.has(x.occurrence)) continue;
    seen.add(x.occurrence);
    await trx
      .insertInto('event_exceptions')
      .values({
        event_id: id,
        user_id: put.userId,
        occurrence: x.occurrence,
        deleted: x.deleted === true,
        title: x.title ?? values.title,
        date: x.date ?? x.occurrence,
        time: x.time === undefined ? values.time : x.time,
        end_time: x.end_time ?? null,
      })
      .execute();
  }
  return {
    ok: true,
    seq: await keepText(trx, 'event', id, put.text),
    created: put.id === undefined,
  };
}

export async function putTodo(trx: Executor, put: Put, todo: NewTodo): Promise<Written> {
  const values = {
    task: todo.task,
    due_date: todo.due_date,
    priority: todo.priority,
    completed: todo.completed,
    due_time: todo.due_time ?? null,
    rrule: todo.rrule ?? null,
  };
  const invalid = checkTodo({
    due_date: values.due_date ?? null,
    due_time: values.due_time,
    rrule: values.rrule,
  });
  if (invalid) return { ok: false, message: Object.values(invalid).flat().join(' ') };
  let id = put.id;
  if (id === undefined) {
    const row = await trx
      .insertInto('todos')
      .values({ ...values, user_id: put.userId, uid: put.uid, dav_name: put.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } else {
    await trx
      .updateTable('todos')
      .set(values)
      .where('user_id', '=', put.userId)
      .where('id', '=', id)
      .execute();
  }
  return {
    ok: true,
    seq: await keepText(trx, 'todo', id, put.text),
    created: put.id === undefined,
  };
}

/** The user's zone name (preferences), or null for the server's. */
export async function userTimeZone(db: Executor, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('user_preferences')
    .select('time_zone')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.time_zone ?? null;
}
