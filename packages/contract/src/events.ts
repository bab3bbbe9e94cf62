import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  BadRequestSchema,
  DateSchema,
  DetailSchema,
  DRF,
  daysBetween,
  IdPathSchema,
  LIMITS,
  optionalText,
  TimeInputSchema,
  TimeSchema,
  textField,
} from './common';
import { createRoute, getRoute, removeRoute, signedIn, signedInById } from './routes';
import { RRuleInputSchema } from './rrule';

export { RRuleInputSchema };

const c = initContract();

export const EventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  date: z.string(),
  /** `HH:MM:SS`, or null for an event without a time. */
  time: TimeSchema.nullable(),
  /** When it ends (after `time`); absent when not set, so old answers keep their bytes. */
  end_time: TimeSchema.optional(),
  /** An RFC 5545 RRULE (see rrule.ts) for a recurring event; absent when it does not repeat. */
  rrule: z.string().optional(),
  /** The last day of an all-day event that spans several days (inclusive); absent otherwise. */
  end_date: z.string().optional(),
  /** Markdown; absent when not set. */
  description: z.string().optional(),
  /** Where it takes place; absent when not set. */
  location: z.string().optional(),
});
export type CalendarEvent = z.infer<typeof EventSchema>;

/**
 * An item of an events list. An occurrence of a recurring series carries the series' `id`, its
 * own `date` (and title and times, when that occurrence was changed), `recurring: true`, and
 * `occurrence`: its date in the series, which names it in the occurrence routes even when it
 * was moved to another day.
 */
export const EventItemSchema = EventSchema.extend({
  recurring: z.literal(true).optional(),
  occurrence: z.string().optional(),
});
export type EventItem = z.infer<typeof EventItemSchema>;

/** An event's end-time rule: an end time needs a start time, and is after it (the same day). */
export const END_TIME_MESSAGES = {
  withoutTime: 'An end time needs a start time.',
  notAfter: 'The end time must be after the start time.',
} as const;

/** Whether `endTime` is after `time` (both `HH:MM:SS`, as TimeInputSchema gives them). */
export const endsAfterStart = (time: string | null | undefined, endTime: string) =>
  typeof time === 'string' && endTime > time;

/** The most days one event may span, its first and last day included (`end_date`). */
export const EVENT_SPAN_MAX_DAYS = 366;

/**
 * An event's end-date rule: only an event without a time spans days (a timed event ends the
 * day it starts, at `end_time`), and its end date is not before its date nor more than
 * EVENT_SPAN_MAX_DAYS away counting both.
 */
export const END_DATE_MESSAGES = {
  withTime: 'An end date is only for events without a time.',
  beforeDate: 'The end date must not be before the date.',
  tooLong: `Ensure the event spans at most ${EVENT_SPAN_MAX_DAYS} days.`,
} as const;

/** What is wrong with `end_date` for an event on `date` at `time`, if anything. */
export function endDateError(
  date: string,
  time: string | null | undefined,
  endDate: string,
): string | undefined {
  if (time) return END_DATE_MESSAGES.withTime;
  if (endDate < date) return END_DATE_MESSAGES.beforeDate;
  if (daysBetween(date, endDate) + 1 > EVENT_SPAN_MAX_DAYS) return END_DATE_MESSAGES.tooLong;
  return undefined;
}

export const EventBodySchema = z.object({
  title: textField(LIMITS.eventTitleMax),
  date: DateSchema,
  time: TimeInputSchema.nullable().optional(),
  /** After `time`, which it needs (`endsAfterStart`; the API checks it with the stored values). */
  end_time: TimeInputSchema.nullable().optional(),
  rrule: RRuleInputSchema.nullable().optional(),
  /** With `date` and no `time` (`endDateError`; the API checks it with the stored values). */
  end_date: DateSchema.nullable().optional(),
  description: optionalText(LIMITS.eventDescriptionMax, { trim: false }).nullable().optional(),
  location: optionalText(LIMITS.eventLocationMax, { trim: true }).nullable().optional(),
});
export type EventBody = z.input<typeof EventBodySchema>;

/** PATCH: any of the body's fields, validated as on create; an empty body changes nothing. */
export const EventPatchSchema = EventBodySchema.partial();
export type EventPatch = z.input<typeof EventPatchSchema>;

/** Both halves of `?start=&end=`, at most this many days apart (inclusive). */
export const EVENT_RANGE_MAX_DAYS = 366;

export const EVENT_RANGE_MESSAGES = {
  endBeforeStart: 'Ensure this date is not before start.',
  tooLong: `Ensure the range spans at most ${EVENT_RANGE_MAX_DAYS} days.`,
} as const;

const DAY_MS = 86_400_000;

/** Days from `start` to `end`, both included (ISO dates parse as UTC with their full year). */
const daysSpanned = (start: string, end: string) =>
  (Date.parse(end) - Date.parse(start)) / DAY_MS + 1;

const EventQueryFieldsSchema = z.object({
  date: z.union([z.literal(''), DateSchema]).optional(),
  from: DateSchema.optional(),
  to: DateSchema.optional(),
  start: DateSchema.optional().describe(
    'With `end` (both or neither): the first day of the range, inclusive.',
  ),
  end: DateSchema.optional().describe(
    `With \`start\`: the last day of the range, inclusive, not before \`start\` and at most ${EVENT_RANGE_MAX_DAYS} days after it counting both.`,
  ),
});

/**
 * The most occurrences one answer of `?start=&end=` or `?date=` holds. A range with more is
 * refused (400 naming `end`, or `date`) rather than cut short: ask for a shorter one.
 */
export const EVENT_RANGE_MAX_OCCURRENCES = 10_000;
export const TOO_MANY_OCCURRENCES = `This range holds more than ${EVENT_RANGE_MAX_OCCURRENCES} occurrences: ask for a shorter one.`;

/**
 * `?date=` filters one day (empty means no filter, as the original), recurring occurrences on it
 * included; `from`/`to` filter the stored events by their date. `start`/`end` (both, inclusive,
 * at most 366 days) list every occurrence in the range, series expanded.
 *
 * The range's rules are checked as DRF's `validate()` runs: only once every field is valid, so
 * a malformed date is answered alone (zod runs a refinement even after a field's check failed).
 */
export const EventQuerySchema = EventQueryFieldsSchema.superRefine((query, ctx) => {
  if (!EventQueryFieldsSchema.safeParse(query).success) return;
  const { start, end } = query;
  const fail = (field: 'start' | 'end', message: string) =>
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
  if (start === undefined && end === undefined) return;
  if (start === undefined) fail('start', DRF.required);
  if (end === undefined) fail('end', DRF.required);
  if (start === undefined || end === undefined) return;
  if (end < start) fail('end', EVENT_RANGE_MESSAGES.endBeforeStart);
  else if (daysSpanned(start, end) > EVENT_RANGE_MAX_DAYS) {
    fail('end', EVENT_RANGE_MESSAGES.tooLong);
  }
});
export type EventQuery = z.output<typeof EventQuerySchema>;

/** One occurrence of a series, in a path: the series' id and the occurrence's date in it. */
export const OccurrencePathSchema = IdPathSchema.extend({ date: DateSchema });

/** "This event": one occurrence changed (moved to another day, retimed, renamed). */
/** Its end date, description and place are the series' (they are not changed one by one). */
export const OccurrencePatchSchema = EventBodySchema.omit({
  rrule: true,
  end_date: true,
  description: true,
  location: true,
}).partial();
export type OccurrencePatch = z.input<typeof OccurrencePatchSchema>;

export const eventsContract = c.router({
  list: {
    method: 'GET',
    path: '/api/calendar/events/',
    query: EventQuerySchema,
    ...signedIn({ 200: z.array(EventItemSchema), 400: BadRequestSchema }),
    summary: 'Events (of one day with ?date=), untimed first, then by time',
  },
  create: createRoute('/api/calendar/events/', EventBodySchema, EventSchema, 'Create an event'),
  get: getRoute('/api/calendar/events/:id/', EventSchema, 'One event'),
  patch: {
    method: 'PATCH',
    path: '/api/calendar/events/:id/',
    body: EventPatchSchema,
    ...signedInById({ 200: EventSchema, 400: BadRequestSchema }),
    summary: 'Change some fields of an event (of a whole series: "All events")',
  },
  remove: removeRoute(
    '/api/calendar/events/:id/',
    'Delete an event (of a whole series: "All events")',
  ),
  patchOccurrence: {
    method: 'PATCH',
    path: '/api/calendar/events/:id/occurrences/:date/',
    pathParams: OccurrencePathSchema,
    body: OccurrencePatchSchema,
    ...signedIn({ 200: EventItemSchema, 400: BadRequestSchema, 404: DetailSchema }),
    summary: 'Change one occurrence of a series ("This event"), named by its date in the series',
  },
  removeOccurrence: {
    method: 'DELETE',
    path: '/api/calendar/events/:id/occurrences/:date/',
    pathParams: OccurrencePathSchema,
    body: c.noBody(),
    ...signedIn({ 204: c.noBody(), 404: DetailSchema }),
    summary: 'Delete one occurrence of a series ("This event")',
  },
});
