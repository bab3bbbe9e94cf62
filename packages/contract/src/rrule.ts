/**
 * The RFC 5545 RRULE subset Prodify's events repeat by (ADR 0412): FREQ DAILY, WEEKLY, MONTHLY
 * or YEARLY, with INTERVAL, BYDAY, BYMONTHDAY, COUNT or UNTIL, and WKST. Parsed strictly here
 * (libraries are lenient): anything outside RFC 5545 or outside the subset is an error with a
 * message for the `rrule` field. Values are case-insensitive, as RFC 5545 says; `parseRRule`
 * answers the rule in one canonical spelling.
 */

import { z } from 'zod';
import { isCalendarDate } from './common';

export const FREQS = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Freq = (typeof FREQS)[number];

/** RFC 5545's weekday codes, Monday first: a weekday is its index here. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

export const RRULE_LIMITS = { maxLength: 255, countMax: 5000, intervalMax: 999 } as const;

export interface ByDay {
  /** 0 for every such weekday of the period; else the nth (negative: from the end). */
  nth: number;
  /** 0 = Monday ... 6 = Sunday. */
  weekday: number;
}

export interface RRule {
  freq: Freq;
  interval: number;
  byDay?: ByDay[];
  byMonthDay?: number[];
  count?: number;
  /** The last moment, inclusive: a date `YYYY-MM-DD` and, for a date-time UNTIL, `HH:MM:SS`. */
  until?: { date: string; time?: string };
  /** The first day of the week (WEEKLY with INTERVAL > 1): 0 = Monday. */
  wkst: number;
}

export type RRuleResult = { ok: true; rule: RRule; text: string } | { ok: false; message: string };

const PARTS = ['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'COUNT', 'UNTIL', 'WKST'] as const;
/** RFC 5545's other rule parts: valid there, outside the subset here. */
const OTHER_PARTS = [
  'BYSECOND',
  'BYMINUTE',
  'BYHOUR',
  'BYYEARDAY',
  'BYWEEKNO',
  'BYMONTH',
  'BYSETPOS',
];

const fail = (message: string): RRuleResult => ({ ok: false, message });

function positiveInt(value: string): number | undefined {
  return /^[0-9]{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

function parseUntil(value: string): RRule['until'] | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(value);
  if (!m) return undefined;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  if (!isCalendarDate(date)) return undefined;
  if (m[4] === undefined) return { date };
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59) return undefined;
  return { date, time: `${m[4]}:${m[5]}:${m[6]}` };
}

function parseByDay(value: string): ByDay[] | string {
  const out: ByDay[] = [];
  for (const item of value.split(',')) {
    const m = /^([+-]?)(\d{1,2})?([A-Z]{2})$/.exec(item);
    const weekday = m ? WEEKDAYS.indexOf(m[3] as (typeof WEEKDAYS)[number]) : -1;
    if (!m || weekday < 0) return `Unknown BYDAY value: ${item || '(empty)'}.`;
    const n = m[2] === undefined ? 0 : Number(m[2]);
    if (m[2] !== undefined && (n < 1 || n > 53)) return `Unknown BYDAY value: ${item}.`;
    const nth = m[1] === '-' ? -n : n;
    if (out.some((d) => d.nth === nth && d.weekday === weekday)) {
      return `BYDAY lists ${item} twice.`;
    }
    out.push({ nth, weekday });
  }
  return out;
}

function parseByMonthDay(value: string): number[] | string {
  const out: number[] = [];
  for (const item of value.split(',')) {
    const m = /^([+-]?)(\d{1,2})$/.exec(item);
    const n = m ? Number(m[2]) * (m[1] === '-' ? -1 : 1) : 0;
    if (!m || n === 0 || n > 31 || n < -31) {
      return `BYMONTHDAY values must be 1 to 31 or -31 to -1, not ${item || '(empty)'}.`;
    }
    if (out.includes(n)) return `BYMONTHDAY lists ${item} twice.`;
    out.push(n);
  }
  return out;
}

/** The rule in one spelling: parts in a fixed order, INTERVAL=1 and WKST=MO left out. */
export function formatRRule(rule: RRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.byDay) {
    parts.push(`BYDAY=${rule.byDay.map((d) => `${d.nth || ''}${WEEKDAYS[d.weekday]}`).join(',')}`);
  }
  if (rule.byMonthDay) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  if (rule.count !== undefined) parts.push(`COUNT=${rule.count}`);
  if (rule.until) {
    const date = rule.until.date.replaceAll('-', '');
    parts.push(
      `UNTIL=${rule.until.time ? `${date}T${rule.until.time.replaceAll(':', '')}` : date}`,
    );
  }
  if (rule.wkst !== 0) parts.push(`WKST=${WEEKDAYS[rule.wkst]}`);
  return parts.join(';');
}

/** Parses an RRULE value (an optional `RRULE:` prefix allowed); an error says what is wrong. */
export function parseRRule(input: string): RRuleResult {
  const text = input
    .trim()
    .toUpperCase()
    .replace(/^RRULE:/, '');
  if (text === '') return fail('This field may not be blank.');
  if (input.length > RRULE_LIMITS.maxLength) {
    return fail(`Ensure this field has no more than ${RRULE_LIMITS.maxLength} characters.`);
  }
  const values = new Map<string, string>();
  for (const part of text.split(';')) {
    const m = /^([A-Z-]+)=(.*)$/.exec(part);
    if (!m) return fail(`Not an RRULE: "${part}" is not NAME=VALUE.`);
    const [, name, value] = m as unknown as [string, string, string];
    if (OTHER_PARTS.includes(name)) {
      return fail(`${name} is not supported. Use FREQ, INTERVAL, BYDAY, BYMONTHDAY, COUNT, UNTIL.`);
    }
    if (!(PARTS as readonly string[]).includes(name)) return fail(`Unknown rule part: ${name}.`);
    if (values.has(name)) return fail(`${name} is given twice.`);
    values.set(name, value);
  }
  const freqText = values.get('FREQ');
  if (freqText === undefined) return fail('FREQ is required.');
  if (!(FREQS as readonly string[]).includes(freqText)) {
    return fail(`Unknown FREQ: ${freqText || '(empty)'}. Use DAILY, WEEKLY, MONTHLY or YEARLY.`);
  }
  const freq = freqText as Freq;
  const rule: RRule = { freq, interval: 1, wkst: 0 };

  const interval = values.get('INTERVAL');
  if (interval !== undefined) {
    const n = positiveInt(interval);
    if (n === undefined) return fail('INTERVAL must be a positive integer.');
    if (n > RRULE_LIMITS.intervalMax) {
      return fail(`INTERVAL must be at most ${RRULE_LIMITS.intervalMax}.`);
    }
    rule.interval = n;
  }
  const count = values.get('COUNT');
  if (count !== undefined) {
    const n = positiveInt(count);
    if (n === undefined) return fail('COUNT must be a positive integer.');
    if (n > RRULE_LIMITS.countMax) return fail(`COUNT must be at most ${RRULE_LIMITS.countMax}.`);
    rule.count = n;
  }
  const until = values.get('UNTIL');
  if (until !== undefined) {
    if (count !== undefined) return fail('COUNT and UNTIL cannot both be given.');
    const parsed = parseUntil(until);
    if (!parsed) return fail('UNTIL must be a date (YYYYMMDD) or a date-time (YYYYMMDDTHHMMSS).');
    rule.until = parsed;
  }
  const wkst = values.get('WKST');
  if (wkst !== undefined) {
    const day = WEEKDAYS.indexOf(wkst as (typeof WEEKDAYS)[number]);
    if (day < 0) return fail(`Unknown WKST value: ${wkst || '(empty)'}.`);
    rule.wkst = day;
  }
  const byDay = values.get('BYDAY');
  if (byDay !== undefined) {
    const parsed = parseByDay(byDay);
    if (typeof parsed === 'string') return fail(parsed);
    if (freq === 'YEARLY') return fail('BYDAY with FREQ=YEARLY is not supported.');
    const numbered = parsed.find((d) => d.nth !== 0);
    if (numbered && freq !== 'MONTHLY') {
      return fail(`A numbered BYDAY (like 1MO) needs FREQ=MONTHLY.`);
    }
    if (numbered && parsed.some((d) => Math.abs(d.nth) > 5)) {
      return fail('With FREQ=MONTHLY a numbered BYDAY must be 1 to 5 or -5 to -1.');
    }
    rule.byDay = parsed;
  }
  const byMonthDay = values.get('BYMONTHDAY');
  if (byMonthDay !== undefined) {
    const parsed = parseByMonthDay(byMonthDay);
    if (typeof parsed === 'string') return fail(parsed);
    if (freq === 'WEEKLY') return fail('BYMONTHDAY cannot be used with FREQ=WEEKLY.');
    if (freq === 'YEARLY') return fail('BYMONTHDAY with FREQ=YEARLY is not supported.');
    rule.byMonthDay = parsed;
  }
  return { ok: true, rule, text: formatRRule(rule) };
}

/**
 * An RRULE as sent (events' and to-dos' `rrule`): parsed strictly, answered in one spelling;
 * empty means no recurrence.
 */
export const RRuleInputSchema = z.string().transform((value, ctx) => {
  if (value.trim() === '') return null;
  const parsed = parseRRule(value);
  if (parsed.ok) return parsed.text;
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.message });
  return z.NEVER;
});
