import ICAL from 'ical.js';
import {
  CALENDAR_HEAD,
  type EventItem,
  eventComponents,
  type TodoItem,
  todoComponent,
} from '../transfer/ics-export';
import { CalendarParseError, itemsFromCalendar } from '../transfer/ics-import';
import { checkedCalendarText } from '../transfer/ics-lines';
import type { NewEvent, NewTodo } from '../transfer/import-items';
import type { Zone } from '../transfer/time-zones';
import { DAV_LIMITS, type DavKind } from './dav-paths';

/**
 * The one place where CalDAV meets the iCalendar mapping of export and import (ADR 0441): an
 * item is written by ics-export.ts's components and read by ics-import.ts's reader. Only what
 * CalDAV adds is here: the item's own UID, and the client's text kept for what Prodify does not
 * model. A field added to the mapping there reaches CalDAV with no change here, except that a
 * property it now models must be added to MODELLED.
 */

/** Properties the mapping writes; the rest of a client's component is kept as it sent it. */
const MODELLED: Record<DavKind, ReadonlySet<string>> = {
  event: new Set([
    'uid',
    'dtstamp',
    'summary',
    'dtstart',
    'dtend',
    'duration',
    'rrule',
    'rdate',
    'exdate',
    'recurrence-id',
    'description',
    'location',
  ]),
  todo: new Set([
    'uid',
    'dtstamp',
    'summary',
    'due',
    'dtstart',
    'rrule',
    'priority',
    'status',
    'completed',
  ]),
};

const COMPONENT = { event: 'vevent', todo: 'vtodo' } as const;

/** A stored item with its CalDAV columns. */
export interface DavRow {
  json: string;
  uid: string;
  dav_ics: string | null;
  dav_ics_seq: number | null;
  dav_seq: number;
}

function calendarOf(text: string): ICAL.Component | undefined {
  try {
    return new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    return undefined;
  }
}

/**
 * Rendered objects by change number, one cache per app (one database): a number is never
 * reused, so an entry cannot go stale, whichever instance made the change. Bounded by
 * characters; the oldest entries go first.
 */
export class RenderCache {
  readonly #entries = new Map<string, string>();
  #chars = 0;

  constructor(readonly maxChars = 32 * 1024 * 1024) {}

  /** renderObject, each change of an object rendered once. */
  render(kind: DavKind, row: DavRow): string {
    if (row.dav_ics !== null && row.dav_ics_seq === row.dav_seq) return row.dav_ics;
    const key = `${kind} ${row.dav_seq}`;
    const hit = this.#entries.get(key);
    if (hit !== undefined) return hit;
    const text = renderObject(kind, row);
    this.#entries.set(key, text);
    this.#chars += text.length;
    for (const [oldKey, oldText] of this.#entries) {
      if (this.#chars <= this.maxChars) break;
      this.#entries.delete(oldKey);
      this.#chars -= oldText.length;
    }
    return text;
  }
}

/**
 * An item as its calendar object. The client's own text while nothing changed it since it was
 * sent; else the mapping's components, with the client's other properties and alarms (and the
 * zones they name) put back into the main component.
 */
export function renderObject(kind: DavKind, row: DavRow): string {
  if (row.dav_ics !== null && row.dav_ics_seq === row.dav_seq) return row.dav_ics;
  const components =
    kind === 'event'
      ? eventComponents(JSON.parse(row.json) as EventItem)
      : [todoComponent(JSON.parse(row.json) as TodoItem)];
  for (const component of components) component.updatePropertyWithValue('uid', row.uid);
  const original = row.dav_ics === null ? undefined : calendarOf(row.dav_ics);
  const extra: string[] = [];
  const master = components[0];
  if (original && master) {
    const own = original
      .getAllSubcomponents(COMPONENT[kind])
      .find((c) => !c.hasProperty('recurrence-id'));
    for (const prop of own?.getAllProperties() ?? []) {
      if (!MODELLED[kind].has(prop.name))
        master.addProperty(ICAL.Property.fromString(prop.toICALString()));
    }
    for (const sub of own?.getAllSubcomponents() ?? [])
      master.addSubcomponent(new ICAL.Component(sub.toJSON()));
    for (const zone of original.getAllSubcomponents('vtimezone'))
      extra.push(`${zone.toString()}\r\n`);
  }
  const body = components.map((c) => `${c.toString()}\r\n`).join('');
  return `${CALENDAR_HEAD}${extra.join('')}${body}END:VCALENDAR\r\n`;
}

/** Why a PUT is refused: a CalDAV precondition (RFC 4791 §5.3.2.1) and a message. */
export interface Refusal {
  status: 400 | 403 | 415;
  condition: string;
  message: string;
}

export type ReadObject =
  | { ok: true; uid: string; event?: NewEvent; todo?: NewTodo }
  | { ok: false; refusal: Refusal };

const refuse = (status: Refusal['status'], condition: string, message: string): ReadObject => ({
  ok: false,
  refusal: { status, condition, message },
});

/**
 * A client's calendar object as one item of `kind`, read by the import's reader with the
 * user's zone for zoned times. Refused whole, never half-stored: anything the reader skips
 * (an unsupported RRULE, an unknown zone), another component kind, several UIDs.
 */
export function readObject(kind: DavKind, text: string, zone: Zone | undefined): ReadObject {
  try {
    checkedCalendarText(text, DAV_LIMITS);
  } catch (error) {
    if (error instanceof CalendarParseError) {
      return refuse(400, 'valid-calendar-data', error.message);
    }
    throw error;
  }
  const root = calendarOf(text);
  if (!root) return refuse(400, 'valid-calendar-data', 'The calendar object cannot be read.');
  const items = root.getAllSubcomponents().filter((c) => c.name !== 'vtimezone');
  const wanted = COMPONENT[kind];
  const stranger = items.find((c) => c.name !== wanted);
  if (stranger) {
    return refuse(
      403,
      'supported-calendar-component',
      `This collection holds ${wanted.toUpperCase()}s only, not ${stranger.name.toUpperCase()}.`,
    );
  }
  const uids = new Set(items.map((c) => c.getFirstPropertyValue('uid')));
  const uid = [...uids][0];
  if (items.length === 0 || uids.size !== 1 || typeof uid !== 'string' || uid === '') {
    return refuse(403, 'valid-calendar-object-resource', 'An object holds one item with one UID.');
  }
  if (uid.length > 255 || uid.includes('\u0000')) {
    return refuse(403, 'valid-calendar-object-resource', 'The UID is longer than 255 characters.');
  }
  let read: ReturnType<typeof itemsFromCalendar>;
  try {
    read = itemsFromCalendar(text, zone);
  } catch (error) {
    if (error instanceof CalendarParseError)
      return refuse(400, 'valid-calendar-data', error.message);
    throw error;
  }
  const reason = read.reasons[0];
  if (read.other > 0 || reason) {
    return refuse(
      403,
      'valid-calendar-object-resource',
      `Prodify cannot store this item: ${reason?.reason ?? 'it cannot be read'}.`,
    );
  }
  if (kind === 'event') {
    const event = read.items.events[0];
    if (!event || read.items.events.length !== 1) {
      return refuse(403, 'valid-calendar-object-resource', 'An event needs one main VEVENT.');
    }
    return { ok: true, uid, event };
  }
  const todo = read.items.todos[0];
  if (!todo || read.items.todos.length !== 1) {
    return refuse(403, 'valid-calendar-object-resource', 'A to-do is one VTODO.');
  }
  return { ok: true, uid, todo };
}
