import { createHash } from 'node:crypto';
import { EventBodySchema, type ImportSummary, isCalendarDate, LIMITS } from '@prodify/contract';
import ICAL from 'ical.js';
import type { ZodTypeAny } from 'zod';
import { EVENT_ROW } from '../../db/tables';
import { parseItemUid } from './ics-export';
import type { NewException } from './import-exceptions';
import type { ImportItems, NewEvent, NewTodo } from './import-rows';

/** A file the parser refuses: the import answers 400 with its reason and adds nothing. */
export class CalendarParseError extends Error {}

const eventColumns = new Set(EVENT_ROW.fields.map((f) => f.column));
/** The events' own RRULE check (the planner's), when events have one. */
const RRULE = (EventBodySchema.shape as Record<string, ZodTypeAny>).rrule;

interface Wall {
  date: string;
  time: string | null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The server's local wall time of an instant (the process' TZ: ADR 0415). */
function localWall(ms: number): Wall {
  const d = new Date(ms);
  return {
    date: `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
  };
}

/** The offset (ms) of an IANA zone from UTC at about `utcMs`, or undefined for an unknown zone. */
function ianaOffset(zone: string, utcMs: number): number | undefined {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date(utcMs));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const asUtc = Date.UTC(
      get('year'),
      get('month') - 1,
      get('day'),
      get('hour'),
      get('minute'),
      get('second'),
    );
    return asUtc - utcMs;
  } catch {
    return undefined;
  }
}

/**
 * A DATE or DATE-TIME property as the app's date and time: a DATE has no time; a floating time
 * stays as written; a UTC time or one with a TZID (from the file's VTIMEZONE, else an IANA
 * name) becomes the server's local wall time. Undefined with a reason when it cannot be read.
 */
function wallTime(
  prop: ICAL.Property,
  zones: Map<string, ICAL.Timezone>,
): { ok: true; wall: Wall } | { ok: false; reason: string } {
  const value = prop.getFirstValue();
  if (!(value instanceof ICAL.Time)) return { ok: false, reason: `${prop.name} is not a date` };
  const date = `${pad(value.year, 4)}-${pad(value.month)}-${pad(value.day)}`;
  if (!isCalendarDate(date)) return { ok: false, reason: `${prop.name} is not a valid date` };
  if (value.isDate) return { ok: true, wall: { date, time: null } };
  const asUtc = Date.UTC(
    value.year,
    value.month - 1,
    value.day,
    value.hour,
    value.minute,
    value.second,
  );
  const tzid = prop.getParameter('tzid');
  const isUtc =
    value.zone === ICAL.Timezone.utcTimezone ||
    (typeof tzid === 'string' && /^(UTC|Z|GMT|Etc\/UTC)$/i.test(tzid));
  if (!tzid && !isUtc) {
    return {
      ok: true,
      wall: { date, time: `${pad(value.hour)}:${pad(value.minute)}:${pad(value.second)}` },
    };
  }
  if (isUtc) return { ok: true, wall: localWall(asUtc) };
  const zoneName = String(tzid);
  const known = zones.get(zoneName);
  let offsetMs: number | undefined;
  if (known) offsetMs = known.utcOffset(value) * 1000;
  else {
    // Twice: the offset at the wall time read as UTC, then at the instant it gives.
    const first = ianaOffset(zoneName, asUtc);
    offsetMs = first === undefined ? undefined : ianaOffset(zoneName, asUtc - first);
  }
  if (offsetMs === undefined) return { ok: false, reason: `unknown time zone "${zoneName}"` };
  return { ok: true, wall: localWall(asUtc - offsetMs) };
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

/**
 * The events and to-dos of an iCalendar text. VEVENTs become events, VTODOs to-dos; every other
 * component (VJOURNAL, VFREEBUSY...) is skipped and counted, with its reason. A text the parser
 * refuses throws CalendarParseError with the parser's message.
 */
export function itemsFromCalendar(text: string): {
  items: ImportItems;
  other: number;
  reasons: ImportSummary['reasons'];
} {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text.replace(/^\ufeff/, '')) as unknown[]);
  } catch (error) {
    throw new CalendarParseError(`Not a valid iCalendar file: ${(error as Error).message}`);
  }
  if (root.name !== 'vcalendar') {
    throw new CalendarParseError(
      `Not a valid iCalendar file: it starts with ${root.name.toUpperCase()}, not VCALENDAR.`,
    );
  }
  const zones = new Map<string, ICAL.Timezone>();
  for (const vtimezone of root.getAllSubcomponents('vtimezone')) {
    const tzid = vtimezone.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string') zones.set(tzid, new ICAL.Timezone(vtimezone));
  }
  const events: NewEvent[] = [];
  const todos: NewTodo[] = [];
  const reasons: ImportSummary['reasons'] = [];
  let other = 0;
  const skip = (item: string, reason: string) => {
    other += 1;
    reasons.push({ item, reason });
  };
  /** Series by UID, and changed occurrences (RECURRENCE-ID) by their series' UID. */
  const seriesByUid = new Map<string, NewEvent>();
  const changed: { uid: unknown; label: string; exception: NewException }[] = [];
  for (const comp of root.getAllSubcomponents()) {
    const summary = comp.getFirstPropertyValue('summary');
    const label =
      `${comp.name.toUpperCase()} ${typeof summary === 'string' ? JSON.stringify(summary.slice(0, 60)) : ''}`.trim();
    if (comp.name === 'vtimezone') continue;
    if (comp.name === 'vevent') {
      const recurrenceId = comp.getFirstProperty('recurrence-id');
      const start = comp.getFirstProperty('dtstart');
      if (!start) {
        skip(label, 'no DTSTART');
        continue;
      }
      const wall = wallTime(start, zones);
      if (!wall.ok) {
        skip(label, wall.reason);
        continue;
      }
      const endTime = (() => {
        const end = comp.getFirstProperty('dtend');
        if (!end || !eventColumns.has('end_time') || wall.wall.time === null) return undefined;
        const endWall = wallTime(end, zones);
        // Only an end on the same day is kept (the app's events end the day they start).
        return endWall.ok &&
          endWall.wall.date === wall.wall.date &&
          endWall.wall.time &&
          endWall.wall.time > (wall.wall.time as string)
          ? endWall.wall.time
          : undefined;
      })();
      if (recurrenceId) {
        const at = wallTime(recurrenceId, zones);
        if (!at.ok) skip(label, at.reason);
        else {
          changed.push({
            uid: comp.getFirstPropertyValue('uid'),
            label,
            exception: {
              occurrence: at.wall.date,
              title:
                clip(typeof summary === 'string' ? summary : '', LIMITS.eventTitleMax) ||
                '(no title)',
              date: wall.wall.date,
              time: wall.wall.time,
              end_time: endTime ?? null,
            },
          });
        }
        continue;
      }
      const event: NewEvent = {
        source: sourceKey('event', comp),
        title:
          clip(typeof summary === 'string' ? summary : '', LIMITS.eventTitleMax) || '(no title)',
        date: wall.wall.date,
        time: wall.wall.time,
      };
      const uid = comp.getFirstPropertyValue('uid');
      const own = typeof uid === 'string' ? parseItemUid('event', uid) : undefined;
      if (own) event.own = own;
      if (endTime) event.end_time = endTime;
      const rrule = comp.getFirstPropertyValue('rrule');
      if (rrule) {
        const rule = eventColumns.has('rrule') ? RRULE?.safeParse(String(rrule)) : undefined;
        if (!rule?.success) {
          const why = rule?.error.issues[0]?.message;
          skip(label, `its repeat rule is not supported${why ? ` (${why})` : ''}: not imported`);
          continue;
        }
        event.rrule = rule.data as string | null;
        // EXDATEs: occurrences deleted from the series.
        const deleted: NewException[] = [];
        for (const prop of comp.getAllProperties('exdate')) {
          for (const value of prop.getValues()) {
            if (!(value instanceof ICAL.Time)) continue;
            const one = new ICAL.Property('exdate');
            one.setValue(value);
            const tzid = prop.getParameter('tzid');
            if (tzid) one.setParameter('tzid', tzid);
            const at = wallTime(one, zones);
            if (at.ok) deleted.push({ occurrence: at.wall.date, deleted: true });
          }
        }
        if (deleted.length > 0) event.exceptions = deleted;
        if (typeof uid === 'string') seriesByUid.set(uid, event);
      }
      events.push(event);
    } else if (comp.name === 'vtodo') {
      const due = comp.getFirstProperty('due');
      let dueDate: string | null = null;
      if (due) {
        const wall = wallTime(due, zones);
        if (!wall.ok) {
          skip(label, wall.reason);
          continue;
        }
        dueDate = wall.wall.date;
      }
      const priority = Number(comp.getFirstPropertyValue('priority') ?? 0);
      const status = String(comp.getFirstPropertyValue('status') ?? '').toUpperCase();
      const uid = comp.getFirstPropertyValue('uid');
      const own = typeof uid === 'string' ? parseItemUid('todo', uid) : undefined;
      todos.push({
        source: sourceKey('todo', comp),
        ...(own ? { own } : {}),
        task: clip(typeof summary === 'string' ? summary : '', LIMITS.taskMax) || '(no title)',
        due_date: dueDate,
        priority: PRIORITY(Number.isFinite(priority) ? priority : 0),
        completed: status === 'COMPLETED' || comp.hasProperty('completed'),
      });
    } else {
      skip(label, `${comp.name.toUpperCase()} is neither an event nor a to-do`);
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
