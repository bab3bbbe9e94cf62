import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  BadRequestSchema,
  DateSchema,
  DetailSchema,
  IdPathSchema,
  LIMITS,
  TimeInputSchema,
  TimeSchema,
  textField,
} from './common';

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

// Not `as const`: readonly numeric keys are lost by ts-rest's status inference.
const authed = { 401: DetailSchema, 429: DetailSchema };

export const eventsContract = c.router({
  list: {
    method: 'GET',
    path: '/api/calendar/events/',
    query: EventQuerySchema,
    responses: { 200: z.array(EventSchema), 400: BadRequestSchema, ...authed },
    metadata: { auth: true },
    summary: 'Events (of one day with ?date=), untimed first, then by time',
  },
  create: {
    method: 'POST',
    path: '/api/calendar/events/',
    body: EventBodySchema,
    responses: { 201: EventSchema, 400: BadRequestSchema, ...authed },
    metadata: { auth: true },
    summary: 'Create an event',
  },
  get: {
    method: 'GET',
    path: '/api/calendar/events/:id/',
    pathParams: IdPathSchema,
    responses: { 200: EventSchema, 404: DetailSchema, ...authed },
    metadata: { auth: true },
    summary: 'One event',
  },
  remove: {
    method: 'DELETE',
    path: '/api/calendar/events/:id/',
    pathParams: IdPathSchema,
    body: c.noBody(),
    responses: { 204: c.noBody(), 404: DetailSchema, ...authed },
    metadata: { auth: true },
    summary: 'Delete an event',
  },
});
