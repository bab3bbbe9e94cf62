import type { ByDay, RRule } from '@prodify/contract';

/**
 * The occurrences of a recurring event (ADR 0412), as RFC 5545 expands the RRULE subset the
 * contract parses (`parseRRule`). Dates are whole days (days since 1970-01-01), so floating
 * wall-clock times never meet a time zone or a DST change. The event's own date (DTSTART) is
 * always the first occurrence and counts towards COUNT, as RFC 5545 says; a rule's candidate
 * that does not exist (the 31st of a 30-day month, 29 February of a common year) is skipped.
 */

const DAY_MS = 86_400_000;
/** 9999-12-31: dates stop there. */
const LAST_DAY = Date.UTC(9999, 11, 31) / DAY_MS;

/** Date.UTC, but years 0-99 are years 0-99 (not 1900-1999). */
function utcDay(year: number, month0: number, date: number): number {
  const t = new Date(0);
  t.setUTCFullYear(year, month0, date);
  return Math.round(t.getTime() / DAY_MS);
}

export function toDay(date: string): number {
  return utcDay(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

export function fromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Monday ... 6 = Sunday (1970-01-01 was a Thursday). */
export const weekdayOf = (day: number) => (((day + 3) % 7) + 7) % 7;

function daysInMonth(year: number, month0: number): number {
  if (month0 !== 1) return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month0] as number;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}

const dayOf = utcDay;

/** The dates of one month that a BYMONTHDAY / BYDAY rule (or the start's day) picks, sorted. */
function monthCandidates(rule: RRule, year: number, month0: number, startDate: number): number[] {
  const length = daysInMonth(year, month0);
  let dates: number[];
  if (rule.byMonthDay) {
    dates = rule.byMonthDay
      .map((n) => (n > 0 ? n : length + 1 + n))
      .filter((d) => d >= 1 && d <= length);
  } else if (rule.byDay) {
    dates = [];
    for (const { nth, weekday } of rule.byDay)
      dates.push(...weekdaysInMonth(year, month0, length, nth, weekday));
  } else {
    dates = startDate <= length ? [startDate] : [];
  }
  if (rule.byMonthDay && rule.byDay) {
    const byDay = rule.byDay;
    dates = dates.filter((d) => matchesByDay(byDay, year, month0, length, d));
  }
  return [...new Set(dates)].sort((a, b) => a - b).map((d) => dayOf(year, month0, d));
}

/** The days of the month on `weekday`: all of them (nth 0) or the nth (negative: from the end). */
function weekdaysInMonth(
  year: number,
  month0: number,
  length: number,
  nth: number,
  weekday: number,
) {
  const first = 1 + ((weekday - weekdayOf(dayOf(year, month0, 1)) + 7) % 7);
  const all: number[] = [];
  for (let d = first; d <= length; d += 7) all.push(d);
  if (nth === 0) return all;
  const pick = nth > 0 ? all[nth - 1] : all[all.length + nth];
  return pick === undefined ? [] : [pick];
}

function matchesByDay(byDay: ByDay[], year: number, month0: number, length: number, date: number) {
  return byDay.some(({ nth, weekday }) =>
    weekdaysInMonth(year, month0, length, nth, weekday).includes(date),
  );
}

function dayMatches(rule: RRule, day: number): boolean {
  if (rule.byDay && !rule.byDay.some((d) => d.weekday === weekdayOf(day))) return false;
  if (rule.byMonthDay) {
    const date = new Date(day * DAY_MS);
    const length = daysInMonth(date.getUTCFullYear(), date.getUTCMonth());
    const d = date.getUTCDate();
    if (!rule.byMonthDay.some((n) => (n > 0 ? n === d : length + 1 + n === d))) return false;
  }
  return true;
}

interface Period {
  /** The period's first day: no candidate of it or of a later period comes before. */
  first: number;
  days: number[];
}

/** The period number `k` counted from the start's period, and its candidates; undefined past 9999. */
function period(rule: RRule, start: number, k: number): Period | undefined {
  const s = new Date(start * DAY_MS);
  const [year, month0, date] = [s.getUTCFullYear(), s.getUTCMonth(), s.getUTCDate()];
  switch (rule.freq) {
    case 'DAILY': {
      const day = start + k * rule.interval;
      if (day > LAST_DAY) return undefined;
      return { first: day, days: dayMatches(rule, day) ? [day] : [] };
    }
    case 'WEEKLY': {
      const weekStart = start - ((weekdayOf(start) - rule.wkst + 7) % 7) + k * 7 * rule.interval;
      if (weekStart > LAST_DAY) return undefined;
      const weekdays = rule.byDay ? rule.byDay.map((d) => d.weekday) : [weekdayOf(start)];
      const days = weekdays.map((w) => weekStart + ((w - rule.wkst + 7) % 7)).sort((a, b) => a - b);
      return { first: weekStart, days: days.filter((d) => d <= LAST_DAY) };
    }
    case 'MONTHLY': {
      const months = year * 12 + month0 + k * rule.interval;
      const y = Math.floor(months / 12);
      if (y > 9999) return undefined;
      return { first: dayOf(y, months % 12, 1), days: monthCandidates(rule, y, months % 12, date) };
    }
    case 'YEARLY': {
      const y = year + k * rule.interval;
      if (y > 9999) return undefined;
      const days = date <= daysInMonth(y, month0) ? [dayOf(y, month0, date)] : [];
      return { first: dayOf(y, 0, 1), days };
    }
  }
}

/** The first period number whose days may reach `from` (for rules without COUNT). */
function firstPeriod(rule: RRule, start: number, from: number): number {
  if (from <= start) return 0;
  const s = new Date(start * DAY_MS);
  const f = new Date(from * DAY_MS);
  let units: number;
  switch (rule.freq) {
    case 'DAILY':
      units = from - start;
      break;
    case 'WEEKLY':
      units = Math.floor((from - (start - ((weekdayOf(start) - rule.wkst + 7) % 7))) / 7);
      break;
    case 'MONTHLY':
      units = (f.getUTCFullYear() - s.getUTCFullYear()) * 12 + f.getUTCMonth() - s.getUTCMonth();
      break;
    case 'YEARLY':
      units = f.getUTCFullYear() - s.getUTCFullYear();
      break;
  }
  return Math.max(0, Math.floor(units / rule.interval));
}

export interface Window {
  /** First and last day, inclusive, as `YYYY-MM-DD`. */
  from: string;
  to: string;
}

/** The last day UNTIL allows (LAST_DAY without one). */
function untilDay(rule: RRule, time: string | null): number {
  if (!rule.until) return LAST_DAY;
  const until = toDay(rule.until.date);
  // A date-time UNTIL is the last moment: that day's occurrence counts if it starts by then.
  return rule.until.time && (time ?? '00:00:00') > rule.until.time ? until - 1 : until;
}

/** How many periods one expansion may walk: a rule that needs more is refused (`lastOccurrence`). */
export const MAX_PERIODS = 50_000;

/**
 * The dates (`YYYY-MM-DD`, ascending) on which the event starting on `date` (at `time`, null
 * when untimed) occurs within `window`. Undefined when the walk would take more than
 * MAX_PERIODS periods (only a rule with COUNT walks from its start).
 */
export function occurrences(
  rule: RRule,
  date: string,
  time: string | null,
  window: Window,
): string[] | undefined {
  const start = toDay(date);
  const from = toDay(window.from);
  const last = Math.min(toDay(window.to), untilDay(rule, time));
  const out: string[] = [];
  if (start > last) return out;
  if (start >= from) out.push(date);
  let count = 1;
  if (rule.count !== undefined && count >= rule.count) return out;
  const k0 = rule.count === undefined ? firstPeriod(rule, start, from) : 0;
  for (let k = k0; k < k0 + MAX_PERIODS; k++) {
    const p = period(rule, start, k);
    if (p === undefined || p.first > last) return out;
    for (const day of p.days) {
      if (day <= start) continue;
      if (day > last) return out;
      if (day >= from) out.push(fromDay(day));
      count++;
      if (rule.count !== undefined && count >= rule.count) return out;
    }
  }
  return undefined;
}

/**
 * A day after which the series has no occurrence (with COUNT its last occurrence, with UNTIL
 * the UNTIL date); null when it never ends, undefined when finding the last occurrence of a
 * COUNT would walk more than MAX_PERIODS periods (the rule is refused).
 */
export function seriesEnd(rule: RRule, date: string, time: string | null) {
  if (rule.until) return rule.until.date;
  if (rule.count === undefined) return null;
  const dates = occurrences(rule, date, time, { from: date, to: '9999-12-31' });
  if (dates === undefined) return undefined;
  return dates[dates.length - 1] ?? date;
}

/** Whether the series has an occurrence on `day`. */
export function occursOn(rule: RRule, date: string, time: string | null, day: string): boolean {
  return occurrences(rule, date, time, { from: day, to: day })?.length === 1;
}

/**
 * The series' second occurrence: the first after its start `date` (at `time`); null when the
 * series has no other (COUNT=1, UNTIL passed, or no date before 9999 fits), undefined when
 * finding it would walk more than MAX_PERIODS periods.
 */
export function nextOccurrence(rule: RRule, date: string, time: string | null) {
  if (rule.count !== undefined && rule.count < 2) return null;
  const start = toDay(date);
  const last = untilDay(rule, time);
  for (let k = 0; k < MAX_PERIODS; k++) {
    const p = period(rule, start, k);
    if (p === undefined || p.first > last) return null;
    const day = p.days.find((d) => d > start);
    if (day !== undefined) return day > last ? null : fromDay(day);
  }
  return undefined;
}
