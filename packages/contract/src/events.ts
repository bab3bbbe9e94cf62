import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  BadRequestSchema,
  DateSchema,
  LIMITS,
  TimeInputSchema,
  TimeSchema,
  textField,
} from './common';
import { createRoute, getRoute, removeRoute, signedIn } from './routes';

const c = initContract();

export const EventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  date: z.string(),
  /** `HH:MM:SS`, or null for an event without a time. */
  time: TimeSchema.nullable(),
});
export type CalendarEvent = z.infer<typeof EventSchema>;

export const EventBodySchema = z.object({
  title: textField(LIMITS.eventTitleMax),
  date: DateSchema,
  time: TimeInputSchema.nullable().optional(),
});
export type EventBody = z.input<typeof EventBodySchema>;

/** `?date=` filters one day (empty means no filter, as the original); `from`/`to` a range. */
export const EventQuerySchema = z.object({
  date: z.union([z.literal(''), DateSchema]).optional(),
  from: DateSchema.optional(),
  to: DateSchema.optional(),
});

export const eventsContract = c.router({
  list: {
    method: 'GET',
    path: '/api/calendar/events/',
    query: EventQuerySchema,
    ...signedIn({ 200: z.array(EventSchema), 400: BadRequestSchema }),
    summary: 'Events (of one day with ?date=), untimed first, then by time',
  },
  create: createRoute('/api/calendar/events/', EventBodySchema, EventSchema, 'Create an event'),
  get: getRoute('/api/calendar/events/:id/', EventSchema, 'One event'),
  remove: removeRoute('/api/calendar/events/:id/', 'Delete an event'),
});
