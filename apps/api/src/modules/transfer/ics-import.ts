import { createHash } from 'node:crypto';
import {
  EVENT_SPAN_MAX_DAYS,
  EventBodySchema,
  type ImportSummary,
  isCalendarDate,
  LIMITS,
  TRANSFER_LIMITS,
} from '@prodify/contract';
import ICAL from 'ical.js';
import type { ZodTypeAny } from 'zod';
import { EVENT_ROW } from '../../db/tables';
import { shiftDate } from '../events/occurrences';
import { parseItemUid } from './ics-export';
import { CalendarParseError, checkedCalendarText } from './ics-lines';
import type { ImportItems, NewEvent, NewException, NewTodo } from './import-items';
import { customZone, ianaZoneOf, wallToUtc, type Zone, type ZoneResult } from './time-zones';

export { CalendarParseError };

const eventColumns = new Set(EVENT_ROW.fields.map((f) => f.column));
/** The events' own RRULE check (the planner's), when events have one. */
const RRULE = (EventBodySchema.shape as Record<string, ZodTypeAny>).rrule;

interface Wall {
  date: string;
  time: string | null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The local wall time of an instant: in `zone` when given (a CalDAV write, in the user's zone:
 * ADR 0441), else the server's (the process' TZ: ADR 0415).
 */
function localWall(ms: number, zone?: Zone): Wall {
  if (zone) {
    const d = new Date(ms + zone.offsetAt(ms));
    return {
      date: `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
      time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
    };
  }
  const d = new Date(ms);
  return {
    date: `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
  };
}

/** The zones a file's TZIDs name, each resolved once (time-zones.ts). */
class Zones {
  readonly #custom = new Map<string, ICAL.Component>();
  readonly #resolved = new Map<string, ZoneResult>();

  /** The zone wall times are wanted in; undefined for the server's. */
  readonly local: Zone | undefined;

  constructor(root: ICAL.Component, local?: Zone) {
    this.local = local;
    for (const vtimezone of root.getAllSubcomponents('vtimezone')) {
      const tzid = vtimezone.getFirstPropertyValue('tzid');
      if (typeof tzid === 'string') this.#custom.set(tzid, vtimezone);
    }
  }

  get(tzid: string): ZoneResult {
    let result = this.#resolved.get(tzid);
    if (result) return result;
    const iana = ianaZoneOf(tzid);
    const custom = this.#custom.get(tzid);
    if (iana) result = { ok: true, zone: iana };
    else if (custom) result = customZone(custom);
    else result = { ok: false, reason: `unknown time zone "${tzid.slice(0, 60)}"` };
    this.#resolved.set(tzid, result);
    return result;
  }
}

const RAW_TIME = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?Z?)?$/;

/**
 * Whether every value of a DATE or DATE-TIME property is a real date and time as written: the
 * parser rolls `20261301` over into January 2027, which a file never meant.
 */
function realTimes(prop: ICAL.Property): boolean {
  const values = (prop as unknown as { jCal: unknown[] }).jCal.slice(3);
  return values.every((value) => {
    const m = typeof value === 'string' ? RAW_TIME.exec(value) : null;
    if (!m || !isCalendarDate(m[1] as string)) return false;
    return m[2] === undefined || (Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4]) <= 60);
  });
}

/**
 * A DATE or DATE-TIME property as the app's date and time: a DATE has no time; a floating time
 * stays as written; a UTC time or one with a TZID (an IANA zone by its name, else the file's
 * VTIMEZONE within bounds: time-zones.ts) becomes the server's local wall time. A reason when
 * it cannot be read.
 */
function wallTime(
  prop: ICAL.Property,
  zones: Zones,
): { ok: true; wall: Wall } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = prop.getFirstValue();
  } catch {
    return { ok: false, reason: `${prop.name.toUpperCase()} is not a valid date` };
  }
  if (!realTimes(prop)) {
    return { ok: false, reason: `${prop.name.toUpperCase()} is not a valid date` };
  }
  if (!(value instanceof ICAL.Time)) {
    return { ok: false, reason: `${prop.name.toUpperCase()} is not a date` };
  }
  return timeToWall(value, prop.getParameter('tzid'), prop.name, zones);
}

function timeToWall(
  value: ICAL.Time,
  tzid: unknown,
  name: string,
  zones: Zones,
): { ok: true; wall: Wall } | { ok: false; reason: string } {
  const date = `${pad(value.year, 4)}-${pad(value.month)}-${pad(value.day)}`;
  if (!isCalendarDate(date)) {
    return { ok: false, reason: `${name.toUpperCase()} is not a valid date` };
  }
  if (value.isDate) return { ok: true, wall: { date, time: null } };
  if (
    value.hour > 23 ||
    value.minute > 59 ||
    value.second > 60 ||
    [value.hour, value.minute, value.second].some((n) => !Number.isInteger(n) || n < 0)
  ) {
    return { ok: false, reason: `${name.toUpperCase()} is not a valid time` };
  }
  const asUtc = new Date(0);
  asUtc.setUTCFullYear(value.year, value.month - 1, value.day);
  asUtc.setUTCHours(value.hour, value.minute, Math.min(value.second, 59));
  const isUtc =
    value.zone === ICAL.Timezone.utcTimezone ||
    (typeof tzid === 'string' && /^(UTC|Z|GMT|Etc\/UTC)$/i.test(tzid));
  if (!tzid && !isUtc) {
    return {
      ok: true,
      wall: { date, time: `${pad(value.hour)}:${pad(value.minute)}:${pad(value.second)}` },
    };
  }
  if (isUtc) return { ok: true, wall: localWall(asUtc.getTime(), zones.local) };
  const zone = zones.get(String(tzid));
  if (!zone.ok) return zone;
  return { ok: true, wall: localWall(wallToUtc(zone.zone, asUtc.getTime()), zones.local) };
}

const PRIORITY = (n: number) => (n >= 1 && n <= 4 ? 'H' : n >= 6 && n <= 9 ? 'L' : 'M');

const clip = (text: string, max: number) =>
  [...text.replaceAll('\u0000', '').trim()].slice(0, max).join('').trim();

function sourceKey(kind: string, comp: ICAL.Component): string {
  const uid = comp.getFirstPropertyValue('uid');
  const recurrence = comp.getFirstProperty('recurrence-id')?.getFirstValue();
  if (typeof uid === 'string' && uid !== '') {
    return `ics:${kind}:${uid}${recurrence ? `;${String(recurrence)}` : ''}`;
  }
  return `ics:${kind}:sha256:${createHash('sha256').update(comp.toString()).digest('base64url')}`;
}

type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

/** A changed occurrence (RECURRENCE-ID) of a series, to be added to it by UID. */
interface Changed {
  uid: unknown;
  label: string;
  exception: NewException;
}

/** A text property (DESCRIPTION, LOCATION) within `max` characters, or undefined. */
function textProperty(comp: ICAL.Component, name: string, max: number): string | undefined {
  const value = comp.getFirstPropertyValue(name);
  if (typeof value !== 'string') return undefined;
  return clip(value, max) || undefined;
}

/**
 * An all-day event's last day, from its exclusive DTEND (or its DURATION): a DTEND of the day
 * after DTSTART is a one-day event. Past the longest span, the end is kept so that the import
 * refuses the event with the rule's reason rather than shortening it.
 */
function allDayEndDate(comp: ICAL.Component, start: string, zones: Zones): string | undefined {
  const end = comp.getFirstProperty('dtend');
  let last: string | undefined;
  if (end) {
    const wall = wallTime(end, zones);
    if (wall.ok && wall.wall.time === null) last = shiftDate(wall.wall.date, -1);
  } else {
    const duration = comp.getFirstPropertyValue('duration');
    if (duration instanceof ICAL.Duration && !duration.isNegative) {
      const days = Math.floor(duration.toSeconds() / 86_400);
      if (days >= 1) last = shiftDate(start, Math.min(days, EVENT_SPAN_MAX_DAYS + 1) - 1);
    }
  }
  return last !== undefined && last > start ? last : undefined;
}

/** A VEVENT as an event, or as a changed occurrence of a series. */
function readEvent(comp: ICAL.Component, zones: Zones): Read<NewEvent | Changed> {
  const summary = comp.getFirstPropertyValue('summary');
  const title =
    clip(typeof summary === 'string' ? summary : '', LIMITS.eventTitleMax) || '(no title)';
  const start = comp.getFirstProperty('dtstart');
  if (!start) return { ok: false, reason: 'no DTSTART' };
  const wall = wallTime(start, zones);
  if (!wall.ok) return wall;
  let endTime: string | undefined;
  const end = comp.getFirstProperty('dtend');
  if (end && eventColumns.has('end_time') && wall.wall.time !== null) {
    const endWall = wallTime(end, zones);
    // Only an end on the same day is kept (the app's events end the day they start).
    if (
      endWall.ok &&
      endWall.wall.date === wall.wall.date &&
      endWall.wall.time &&
      endWall.wall.time > wall.wall.time
    ) {
      endTime = endWall.wall.time;
    }
  }
  const uid = comp.getFirstPropertyValue('uid');
  const recurrenceId = comp.getFirstProperty('recurrence-id');
  if (recurrenceId) {
    const at = wallTime(recurrenceId, zones);
    if (!at.ok) return at;
    return {
      ok: true,
      value: {
        uid,
        label: '',
        exception: {
          occurrence: at.wall.date,
          title,
          date: wall.wall.date,
          time: wall.wall.time,
          end_time: endTime ?? null,
        },
      },
    };
  }
  const event: NewEvent = {
    source: sourceKey('event', comp),
    title,
    date: wall.wall.date,
    time: wall.wall.time,
  };
  const own = typeof uid === 'string' ? parseItemUid('event', uid) : undefined;
  if (own) event.own = own;
  if (endTime) event.end_time = endTime;
  const endDate = wall.wall.time === null ? allDayEndDate(comp, wall.wall.date, zones) : undefined;
  if (endDate) event.end_date = endDate;
  const description = textProperty(comp, 'description', LIMITS.eventDescriptionMax);
  if (description) event.description = description;
  const location = textProperty(comp, 'location', LIMITS.eventLocationMax);
  if (location) event.location = location;
  const rrule = readRRule(comp);
  if (!rrule.ok) return rrule;
  if (rrule.value) {
    event.rrule = rrule.value;
    // EXDATEs: occurrences deleted from the series.
    const deleted: NewException[] = [];
    for (const prop of comp.getAllProperties('exdate')) {
      let values: unknown[];
      try {
        values = prop.getValues();
      } catch {
        return { ok: false, reason: 'an EXDATE is not a valid date' };
      }
      if (!realTimes(prop)) return { ok: false, reason: 'an EXDATE is not a valid date' };
      for (const value of values) {
        if (!(value instanceof ICAL.Time)) continue;
        const at = timeToWall(value, prop.getParameter('tzid'), 'exdate', zones);
        if (!at.ok) return at;
        deleted.push({ occurrence: at.wall.date, deleted: true });
        if (deleted.length > TRANSFER_LIMITS.importExceptions) {
          return { ok: false, reason: 'it deletes too many occurrences' };
        }
      }
    }
    if (deleted.length > 0) event.exceptions = deleted;
  }
  return { ok: true, value: event };
}

/** A component's RRULE in the planner's subset (the events' and to-dos' own check), if any. */
function readRRule(comp: ICAL.Component): Read<string | null> {
  const prop = comp.getFirstProperty('rrule');
  if (!prop) return { ok: true, value: null };
  let text: string;
  try {
    text = String(prop.getFirstValue());
  } catch {
    return { ok: false, reason: 'its repeat rule cannot be read: not imported' };
  }
  const rule = eventColumns.has('rrule') ? RRULE?.safeParse(text) : undefined;
  if (!rule?.success) {
    const why = rule?.error.issues[0]?.message;
    return {
      ok: false,
      reason: `its repeat rule is not supported${why ? ` (${why})` : ''}: not imported`,
    };
  }
  return { ok: true, value: rule.data as string | null };
}

/** A VTODO as a to-do: its DUE a due date (and time), its RRULE the to-do's. */
function readTodo(comp: ICAL.Component, zones: Zones): Read<NewTodo> {
  const summary = comp.getFirstPropertyValue('summary');
  const due = comp.getFirstProperty('due');
  let dueDate: string | null = null;
  let dueTime: string | null = null;
  if (due) {
    const wall = wallTime(due, zones);
    if (!wall.ok) return wall;
    dueDate = wall.wall.date;
    dueTime = wall.wall.time;
  }
  const rrule = readRRule(comp);
  if (!rrule.ok) return rrule;
  const priority = Number(comp.getFirstPropertyValue('priority') ?? 0);
  const status = String(comp.getFirstPropertyValue('status') ?? '').toUpperCase();
  const uid = comp.getFirstPropertyValue('uid');
  const own = typeof uid === 'string' ? parseItemUid('todo', uid) : undefined;
  return {
    ok: true,
    value: {
      source: sourceKey('todo', comp),
      ...(own ? { own } : {}),
      task: clip(typeof summary === 'string' ? summary : '', LIMITS.taskMax) || '(no title)',
      due_date: dueDate,
      priority: PRIORITY(Number.isFinite(priority) ? priority : 0),
      completed: status === 'COMPLETED' || comp.hasProperty('completed'),
      ...(dueTime ? { due_time: dueTime } : {}),
      ...(rrule.value ? { rrule: rrule.value } : {}),
    },
  };
}

/** Parses a checked text (ics-lines.ts); a failure of the parser itself names no internals. */
function parseCalendar(text: string): ICAL.Component {
  const checked = checkedCalendarText(text);
  try {
    return new ICAL.Component(ICAL.parse(checked) as unknown[]);
  } catch {
    throw new CalendarParseError('Not a valid iCalendar file: it cannot be read as iCalendar.');
  }
}

/**
 * The events and to-dos of an iCalendar text. VEVENTs become events, VTODOs to-dos; every other
 * component (VJOURNAL, VFREEBUSY...) is skipped and counted, with its reason, and so is an
 * event or to-do that cannot be read (a bad date, an unknown time zone): one bad component never
 * fails the file. Zoned and UTC times become wall times in `localZone` (the server's without). A text that is not iCalendar, or breaks a limit (ics-lines.ts), throws
 * CalendarParseError with the reason.
 */
export function itemsFromCalendar(
  text: string,
  localZone?: Zone,
): {
  items: ImportItems;
  other: number;
  reasons: ImportSummary['reasons'];
} {
  const root = parseCalendar(text);
  const zones = new Zones(root, localZone);
  const events: NewEvent[] = [];
  const todos: NewTodo[] = [];
  const reasons: ImportSummary['reasons'] = [];
  let other = 0;
  const skip = (item: string, reason: string) => {
    other += 1;
    // The answer lists the first reasons only (the count is complete).
    if (reasons.length < TRANSFER_LIMITS.reasons) reasons.push({ item, reason });
  };
  /** Series by UID, and changed occurrences (RECURRENCE-ID) by their series' UID. */
  const seriesByUid = new Map<string, NewEvent>();
  const changed: Changed[] = [];
  for (const comp of root.getAllSubcomponents()) {
    if (comp.name === 'vtimezone') continue;
    let label = comp.name.toUpperCase();
    try {
      const summary = comp.getFirstPropertyValue('summary');
      if (typeof summary === 'string') label += ` ${JSON.stringify(summary.slice(0, 60))}`;
      if (comp.name === 'vevent') {
        const read = readEvent(comp, zones);
        if (!read.ok) skip(label, read.reason);
        else if ('exception' in read.value) changed.push({ ...read.value, label });
        else {
          events.push(read.value);
          const uid = comp.getFirstPropertyValue('uid');
          if (read.value.rrule && typeof uid === 'string') seriesByUid.set(uid, read.value);
        }
      } else if (comp.name === 'vtodo') {
        const read = readTodo(comp, zones);
        if (read.ok) todos.push(read.value);
        else skip(label, read.reason);
      } else {
        skip(label, `${comp.name.toUpperCase()} is neither an event nor a to-do`);
      }
    } catch {
      skip(label, 'it cannot be read');
    }
  }
  for (const { uid, label, exception } of changed) {
    const series = typeof uid === 'string' ? seriesByUid.get(uid) : undefined;
    if (!series) {
      skip(label, 'a changed occurrence of a repeating event that is not in the file');
      continue;
    }
    // A change after a deletion of the same occurrence (or twice): the first one counts.
    series.exceptions = [...(series.exceptions ?? []), exception];
  }
  return { items: { notes: [], todos, events }, other, reasons };
}
