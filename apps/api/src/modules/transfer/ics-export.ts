import { createHash } from 'node:crypto';
import type { ExportEvent, ExportTodo } from '@prodify/contract';
import ICAL from 'ical.js';
import type { Executor } from '../../db/types';
import { shiftDate, spanOf } from '../events/occurrences';
import { exportRows } from './json-export';

/**
 * Events and dated to-dos as iCalendar (RFC 5545, ADR 0415). Times are floating (the app's
 * times are wall-clock times without a zone, ADR 0412); untimed events and due dates are
 * DATEs. UIDs and DTSTAMPs come from the item's id and creation time, so an unchanged calendar
 * gives the same bytes (and ETag) every time.
 */

/** An event and a to-do as the export writes them (json-export.ts): the contract's items. */
export type EventItem = ExportEvent;
export type TodoItem = ExportTodo & Required<Pick<ExportTodo, 'priority' | 'completed'>>;

export const PRODID = '-//Prodify//Prodify Calendar//EN';

/** `event-42-20261121T144520277636Z@prodify`: the id and the exact creation time. */
export function itemUid(kind: 'event' | 'todo', id: number, createdAt: string): string {
  return `${kind}-${id}-${createdAt.replace(/[-:.]/g, '')}@prodify`;
}

/** The id and creation time back from a UID of ours (to recognise an item re-imported). */
export function parseItemUid(
  kind: 'event' | 'todo',
  uid: string,
): { id: number; created_at: string } | undefined {
  const m = new RegExp(`^${kind}-(\\d{1,10})-(\\d{8})T(\\d{6})(\\d*)Z@prodify$`).exec(uid);
  if (!m) return undefined;
  const [, id, d, t, frac] = m as unknown as [string, string, string, string, string];
  const date = `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
  const time = `${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}`;
  return { id: Number(id), created_at: `${date}T${time}${frac ? `.${frac}` : ''}Z` };
}

function dateTime(date: string, time: string | null | undefined): ICAL.Time {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (!time) return ICAL.Time.fromData({ year, month, day, isDate: true });
  const [hour, minute, second] = time.split(':').map(Number) as [number, number, number];
  return ICAL.Time.fromData({ year, month, day, hour, minute, second, isDate: false });
}

/**
 * A multi-day all-day event's (or occurrence's, starting on `start`) DTEND: the day after its
 * last, as an all-day DTEND is exclusive (RFC 5545 3.6.1).
 */
function allDayEnd(start: string, event: EventItem): ICAL.Time | undefined {
  if (!event.end_date || event.time) return undefined;
  return dateTime(
    shiftDate(start, spanOf({ date: event.date, end_date: event.end_date }) + 1),
    null,
  );
}

const stamp = (createdAt: string) => ICAL.Time.fromJSDate(new Date(createdAt), true);

const PRIORITY = { H: 1, M: 5, L: 9 } as const;

/**
 * An event as VEVENTs: the event (a series with its RRULE and an EXDATE per deleted occurrence),
 * then one VEVENT per changed occurrence, with the same UID and a RECURRENCE-ID naming it.
 */
export function eventComponents(event: EventItem): ICAL.Component[] {
  const master = eventComponent(event);
  const out = [master];
  if (!event.rrule) return out;
  const uid = itemUid('event', event.id, event.created_at);
  for (const x of event.exceptions ?? []) {
    const original = dateTime(x.occurrence, event.time);
    if (x.deleted) {
      master.addPropertyWithValue('exdate', original);
      continue;
    }
    const vevent = new ICAL.Component('vevent');
    vevent.addPropertyWithValue('uid', uid);
    vevent.addPropertyWithValue('dtstamp', stamp(event.created_at));
    vevent.addPropertyWithValue('recurrence-id', original);
    vevent.addPropertyWithValue('summary', x.title ?? event.title);
    const time = x.time === undefined ? event.time : x.time;
    vevent.addPropertyWithValue('dtstart', dateTime(x.date ?? x.occurrence, time));
    if (time && x.end_time) {
      vevent.addPropertyWithValue('dtend', dateTime(x.date ?? x.occurrence, x.end_time));
    }
    const end = time ? undefined : allDayEnd(x.date ?? x.occurrence, event);
    if (end) vevent.addPropertyWithValue('dtend', end);
    addDetails(vevent, event);
    out.push(vevent);
  }
  return out;
}

function addDetails(vevent: ICAL.Component, event: EventItem): void {
  if (event.description) vevent.addPropertyWithValue('description', event.description);
  if (event.location) vevent.addPropertyWithValue('location', event.location);
}

export function eventComponent(event: EventItem): ICAL.Component {
  const vevent = new ICAL.Component('vevent');
  vevent.addPropertyWithValue('uid', itemUid('event', event.id, event.created_at));
  vevent.addPropertyWithValue('dtstamp', stamp(event.created_at));
  vevent.addPropertyWithValue('summary', event.title);
  vevent.addPropertyWithValue('dtstart', dateTime(event.date, event.time));
  if (event.time && event.end_time) {
    vevent.addPropertyWithValue('dtend', dateTime(event.date, event.end_time));
  }
  const end = allDayEnd(event.date, event);
  if (end) vevent.addPropertyWithValue('dtend', end);
  addDetails(vevent, event);
  if (event.rrule) {
    vevent.addPropertyWithValue(
      'rrule',
      ICAL.Recur.fromString(event.rrule.replace(/^RRULE:/i, '')),
    );
  }
  return vevent;
}

/** A to-do as a VTODO; one without a due date has no DUE (CalDAV serves those too). */
export function todoComponent(todo: TodoItem): ICAL.Component {
  const vtodo = new ICAL.Component('vtodo');
  vtodo.addPropertyWithValue('uid', itemUid('todo', todo.id, todo.created_at));
  vtodo.addPropertyWithValue('dtstamp', stamp(todo.created_at));
  vtodo.addPropertyWithValue('summary', todo.task);
  if (todo.due_date) vtodo.addPropertyWithValue('due', dateTime(todo.due_date, todo.due_time));
  vtodo.addPropertyWithValue('priority', PRIORITY[todo.priority]);
  vtodo.addPropertyWithValue('status', todo.completed ? 'COMPLETED' : 'NEEDS-ACTION');
  if (todo.rrule) vtodo.addPropertyWithValue('rrule', ICAL.Recur.fromString(todo.rrule));
  return vtodo;
}

const CRLF = '\r\n';

export const CALENDAR_HEAD = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  `PRODID:${PRODID}`,
  'CALSCALE:GREGORIAN',
  'X-WR-CALNAME:Prodify',
  '',
].join(CRLF);

/** Events and to-dos (their export JSON rows) as VEVENTs and VTODOs: the worker's half. */
export function calendarComponents(rows: { events: string[]; todos: string[] }): string {
  const out: string[] = [];
  for (const json of rows.events) {
    for (const vevent of eventComponents(JSON.parse(json) as EventItem)) {
      out.push(`${vevent.toString()}${CRLF}`);
    }
  }
  for (const json of rows.todos) {
    const todo = JSON.parse(json) as TodoItem;
    if (todo.due_date) {
      out.push(`${todoComponent({ ...todo, due_date: todo.due_date }).toString()}${CRLF}`);
    }
  }
  return out.join('');
}

/** Builds a batch of components off the event loop (the transfer worker: ADR 0420). */
export type RenderComponents = (rows: { events: string[]; todos: string[] }) => Promise<string>;

/** Rows handed to the renderer at a time. */
const RENDER_BATCH = 500;

/** The user's calendar as iCalendar text, written a batch of components at a time. */
export async function* icsChunks(
  db: Executor,
  userId: number,
  render: RenderComponents,
): AsyncGenerator<string> {
  yield CALENDAR_HEAD;
  for (const kind of ['events', 'todos'] as const) {
    let batch: string[] = [];
    const flush = () => {
      const rows = { events: kind === 'events' ? batch : [], todos: kind === 'todos' ? batch : [] };
      batch = [];
      return render(rows);
    };
    for await (const json of exportRows(db, kind, userId)) {
      batch.push(json);
      if (batch.length >= RENDER_BATCH) yield await flush();
    }
    if (batch.length > 0) yield await flush();
  }
  yield `END:VCALENDAR${CRLF}`;
}

/** The whole calendar and its ETag (for the feed, which answers If-None-Match). */
export async function icsText(
  db: Executor,
  userId: number,
  render: RenderComponents,
): Promise<{ text: string; etag: string }> {
  const parts: string[] = [];
  for await (const chunk of icsChunks(db, userId, render)) parts.push(chunk);
  const text = parts.join('');
  const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
  return { text, etag };
}
