import { TRANSFER_LIMITS } from '@prodify/contract';
import ICAL from 'ical.js';

/**
 * Time zones of iCalendar input (ADR 0420). A TZID that names an IANA zone (directly, or as the
 * end of a longer id such as `/mozilla.org/20050126_1/Europe/Berlin`) is taken from the IANA
 * database through `Intl`, whatever VTIMEZONE the file carries. Only a zone with another name
 * (Outlook's "W. Europe Standard Time") is read from the file's VTIMEZONE, and only when its
 * rules are of the kind real zones use: a fixed offset, yearly rules (BYMONTH with BYDAY, or
 * BYMONTHDAY and BYDAY) and listed dates. Its offset at any moment is then found from at most
 * three years of transitions, never by walking the rule from its start: a rule from year 1601
 * with FREQ=SECONDLY costs nothing, it is refused.
 */

/** The offset (ms east of UTC) in force at an instant. */
export interface Zone {
  offsetAt(utcMs: number): number;
}

/** A zone, or why it cannot be used (the items in it are skipped with this reason). */
export type ZoneResult = { ok: true; zone: Zone } | { ok: false; reason: string };

const formats = new Map<string, Intl.DateTimeFormat | null>();

/** The `Intl` formatter of an IANA zone name, or null when `Intl` does not know it. */
function ianaFormat(name: string): Intl.DateTimeFormat | null {
  let format = formats.get(name);
  if (format !== undefined) return format;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    format = null;
  }
  // Bounded: a file may name many zones; past a few hundred, formatters are not kept.
  if (formats.size < 500) formats.set(name, format);
  return format;
}

function ianaZone(format: Intl.DateTimeFormat): Zone {
  return {
    offsetAt(utcMs) {
      const parts = format.formatToParts(new Date(utcMs));
      const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
      const year = get('year');
      const asUtc = new Date(0);
      asUtc.setUTCFullYear(year, get('month') - 1, get('day'));
      asUtc.setUTCHours(get('hour'), get('minute'), get('second'));
      return asUtc.getTime() - Math.floor(utcMs / 1000) * 1000;
    },
  };
}

/** The IANA zone a TZID names, directly or as its last one to three `/` segments. */
export function ianaZoneOf(tzid: string): Zone | undefined {
  const name = tzid.trim();
  if (name.length > 255) return undefined;
  const direct = /^[A-Za-z][\w+-]*(\/[\w+-]+){0,2}$/.test(name) ? ianaFormat(name) : null;
  if (direct) return ianaZone(direct);
  const parts = name.split('/').filter(Boolean);
  for (let take = Math.min(3, parts.length); take >= 1; take--) {
    const tail = parts.slice(-take).join('/');
    if (tail === name || !/^[A-Za-z][\w+-]*(\/[\w+-]+){0,2}$/.test(tail)) continue;
    const format = ianaFormat(tail);
    // A bare segment ("Berlin") is no zone; "UTC" and "GMT" are.
    if (format && (take > 1 || /^(UTC|GMT)$/i.test(tail))) return ianaZone(format);
  }
  return undefined;
}

interface Observance {
  /** The observance's first onset, as the wall time in force before it (TZOFFSETFROM). */
  start: ICAL.Time;
  from: number;
  to: number;
  rule?: YearlyRule;
  dates: ICAL.Time[];
}

interface YearlyRule {
  month: number;
  /** nth weekday of the month (negative: from the end), or a weekday within listed days. */
  nth?: number;
  weekday: number;
  monthDays?: number[];
  untilMs?: number;
  lastYear?: number;
}

const WEEKDAY = { SU: 0, MO: 1, TU: 2, WE: 3, TH: 4, FR: 5, SA: 6 } as const;

/** A VTIMEZONE observance's RRULE as a yearly rule, or why it is not one. */
function yearlyRule(recur: ICAL.Recur, start: ICAL.Time): YearlyRule | string {
  if (recur.freq !== 'YEARLY' || (recur.interval ?? 1) !== 1) {
    return `its rule repeats ${String(recur.freq).toLowerCase()}${recur.interval > 1 ? ` every ${recur.interval}` : ''}, not once a year`;
  }
  const parts = recur.parts as Record<string, unknown[] | undefined>;
  const known = new Set(['BYMONTH', 'BYDAY', 'BYMONTHDAY']);
  const other = Object.keys(parts).find((k) => !known.has(k) && (parts[k]?.length ?? 0) > 0);
  if (other) return `its rule uses ${other}`;
  const months = (parts.BYMONTH ?? [start.month]) as number[];
  const days = (parts.BYDAY ?? []) as string[];
  const monthDays = parts.BYMONTHDAY as number[] | undefined;
  if (months.length !== 1 || days.length !== 1) return 'its rule names several months or days';
  const m = /^([+-]?\d)?(SU|MO|TU|WE|TH|FR|SA)$/.exec(String(days[0]));
  if (!m) return 'its rule has an unknown BYDAY';
  const rule: YearlyRule = {
    month: Number(months[0]),
    weekday: WEEKDAY[m[2] as keyof typeof WEEKDAY],
  };
  if (m[1] !== undefined) rule.nth = Number(m[1]);
  else if (monthDays && monthDays.length > 0 && monthDays.length <= 7) rule.monthDays = monthDays;
  else return 'its rule has a BYDAY without a week number';
  if (recur.until) rule.untilMs = wallMs(recur.until);
  if (recur.count) rule.lastYear = start.year + Math.min(recur.count, 10_000) - 1;
  return rule;
}

/** A wall time as milliseconds, as if it were UTC (years 0-99 included). */
function wallMs(t: {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}): number {
  const d = new Date(0);
  d.setUTCFullYear(t.year, t.month - 1, t.day);
  d.setUTCHours(t.hour, t.minute, t.second);
  return d.getTime();
}

/** The day of the month a yearly rule picks in `year`, or undefined when none. */
function ruleDay(rule: YearlyRule, year: number): number | undefined {
  const first = new Date(0);
  first.setUTCFullYear(year, rule.month - 1, 1);
  const last = new Date(0);
  last.setUTCFullYear(year, rule.month, 0);
  const length = last.getUTCDate();
  const firstWeekday = first.getUTCDay();
  const all: number[] = [];
  for (let d = 1 + ((rule.weekday - firstWeekday + 7) % 7); d <= length; d += 7) all.push(d);
  if (rule.monthDays) return all.find((d) => rule.monthDays?.includes(d));
  if (rule.nth === undefined) return undefined;
  return rule.nth > 0 ? all[rule.nth - 1] : all[all.length + rule.nth];
}

/** The onsets (UTC ms, with their offset) of an observance in the years around `year`. */
function onsets(o: Observance, year: number): { at: number; to: number }[] {
  const out: { at: number; to: number }[] = [];
  const startWall = wallMs(o.start);
  const add = (wall: number) => out.push({ at: wall - o.from, to: o.to });
  add(startWall);
  for (const date of o.dates) add(wallMs(date));
  const rule = o.rule;
  if (!rule) return out;
  for (let y = year - 1; y <= year + 1; y++) {
    if (y < o.start.year || (rule.lastYear !== undefined && y > rule.lastYear)) continue;
    const day = ruleDay(rule, y);
    if (day === undefined) continue;
    const { hour, minute, second } = o.start;
    const wall = wallMs({ year: y, month: rule.month, day, hour, minute, second });
    if (wall < startWall || (rule.untilMs !== undefined && wall - o.from > rule.untilMs)) continue;
    add(wall);
  }
  return out;
}

/** A VTIMEZONE's own rules as a zone, when they are of a bounded kind. */
export function customZone(vtimezone: ICAL.Component): ZoneResult {
  const tzid = String(vtimezone.getFirstPropertyValue('tzid') ?? '');
  const refuse = (why: string): ZoneResult => ({
    ok: false,
    reason: `its time zone "${tzid.slice(0, 60)}" cannot be used: ${why}`,
  });
  const parts = vtimezone.getAllSubcomponents();
  if (parts.length === 0) return refuse('it has no STANDARD or DAYLIGHT rules');
  if (parts.length > TRANSFER_LIMITS.tzObservances) {
    return refuse(`it has more than ${TRANSFER_LIMITS.tzObservances} rules`);
  }
  const observances: Observance[] = [];
  let dates = 0;
  try {
    for (const part of parts) {
      if (part.name !== 'standard' && part.name !== 'daylight') continue;
      const start = part.getFirstPropertyValue('dtstart');
      const from = part.getFirstPropertyValue('tzoffsetfrom');
      const to = part.getFirstPropertyValue('tzoffsetto');
      if (!(start instanceof ICAL.Time) || !(to instanceof ICAL.UtcOffset)) {
        return refuse('a rule has no DTSTART or TZOFFSETTO');
      }
      const toMs = to.toSeconds() * 1000;
      const fromMs = from instanceof ICAL.UtcOffset ? from.toSeconds() * 1000 : toMs;
      const observance: Observance = { start, from: fromMs, to: toMs, dates: [] };
      for (const rdate of part.getAllProperties('rdate')) {
        for (const value of rdate.getValues()) {
          if (!(value instanceof ICAL.Time)) continue;
          dates++;
          if (dates > TRANSFER_LIMITS.tzDates) {
            return refuse(`it lists more than ${TRANSFER_LIMITS.tzDates} dates`);
          }
          observance.dates.push(value);
        }
      }
      const rrules = part.getAllProperties('rrule');
      if (rrules.length > 1) return refuse('a rule has several RRULEs');
      const recur = rrules[0]?.getFirstValue();
      if (recur instanceof ICAL.Recur) {
        const rule = yearlyRule(recur, start);
        if (typeof rule === 'string') return refuse(rule);
        observance.rule = rule;
      }
      observances.push(observance);
    }
  } catch {
    return refuse('its rules cannot be read');
  }
  if (observances.length === 0) return refuse('it has no STANDARD or DAYLIGHT rules');
  const earliest = observances.reduce((a, b) => (wallMs(a.start) <= wallMs(b.start) ? a : b));
  return {
    ok: true,
    zone: {
      offsetAt(utcMs) {
        const year = new Date(utcMs).getUTCFullYear();
        let best: { at: number; to: number } | undefined;
        for (const o of observances) {
          for (const onset of onsets(o, year)) {
            if (onset.at <= utcMs && (!best || onset.at > best.at)) best = onset;
          }
        }
        return best ? best.to : earliest.from;
      },
    },
  };
}

/** The instant (UTC ms) of a wall time in a zone: the offset at it, found twice (DST edges). */
export function wallToUtc(zone: Zone, wallAsUtcMs: number): number {
  const first = zone.offsetAt(wallAsUtcMs);
  return wallAsUtcMs - zone.offsetAt(wallAsUtcMs - first);
}
