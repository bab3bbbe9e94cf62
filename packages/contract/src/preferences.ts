import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { BadRequestSchema } from './common';
import { signedIn } from './routes';

const c = initContract();

/**
 * Whether `Intl` (the IANA database) knows a time zone name: `Europe/Berlin`, `UTC`. Offsets
 * and abbreviations (`+01:00`, `CET`) are refused: an offset cannot say when summer time begins.
 */
export function isTimeZone(name: string): boolean {
  if (name.length > 64 || !/^(?:UTC|[A-Za-z][A-Za-z_-]*(?:\/[A-Za-z0-9_+-]+){1,2})$/.test(name)) {
    return false;
  }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const PREFERENCE_MESSAGES = {
  timeZone: 'Not a time zone of the IANA database (for example "Europe/Berlin").',
  time: 'Time has wrong format. Use one of these formats instead: hh:mm.',
  unknown: 'Unknown field.',
} as const;

/** An IANA time zone name. */
export const TimeZoneSchema = z.string().refine(isTimeZone, PREFERENCE_MESSAGES.timeZone);

/** A local time of day as `HH:MM` (00:00 to 23:59). */
export const LocalTimeSchema = z
  .string({ errorMap: () => ({ message: PREFERENCE_MESSAGES.time }) })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, PREFERENCE_MESSAGES.time);

/**
 * The user's preferences for times and reminders (ADR 0421):
 * `time_zone` turns the items' floating local times into instants (reminders, zoned
 * iCalendar input); the rest says how reminders reach the user.
 */
export const PreferencesSchema = z.object({
  time_zone: z.string(),
  todo_reminder_time: z.string(),
  remind_in_app: z.boolean(),
  remind_by_push: z.boolean(),
  remind_by_email: z.boolean(),
  daily_agenda_at: z.string().nullable(),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

const PREFERENCE_FIELDS = {
  time_zone: TimeZoneSchema,
  todo_reminder_time: LocalTimeSchema,
  remind_in_app: z.boolean(),
  remind_by_push: z.boolean(),
  remind_by_email: z.boolean(),
  daily_agenda_at: LocalTimeSchema.nullable(),
};

/**
 * PATCH: any of the fields; an unknown one is refused by name (a typo would otherwise be a
 * setting silently not saved).
 */
export const PreferencesPatchSchema = z
  .object(PREFERENCE_FIELDS)
  .partial()
  // Every other key fails on its own path (zod strips, rather than checks, a `never` catchall).
  .catchall(z.unknown().refine(() => false, PREFERENCE_MESSAGES.unknown));

/** The keys a PATCH may set, in the answer's order. */
export const PREFERENCE_KEYS = Object.keys(PREFERENCE_FIELDS) as (keyof Preferences)[];
export type PreferencesPatch = z.input<typeof PreferencesPatchSchema>;

export const preferencesContract = c.router({
  get: {
    method: 'GET',
    path: '/api/preferences/',
    ...signedIn({ 200: PreferencesSchema }),
    summary: 'Your time zone and how reminders reach you',
  },
  patch: {
    method: 'PATCH',
    path: '/api/preferences/',
    body: PreferencesPatchSchema,
    ...signedIn({ 200: PreferencesSchema, 400: BadRequestSchema }),
    summary: 'Change some of your preferences',
  },
});
