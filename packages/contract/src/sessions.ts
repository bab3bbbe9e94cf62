import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { BadRequestSchema, TimestampSchema } from './common';
import { signedIn, signedInById } from './routes';

const c = initContract();

/** How a session was made: the password alone, or with a second factor (ADR 0430). */
export const SESSION_METHODS = ['password', 'password+otp', 'passkey', 'recovery_code'] as const;
export type SessionMethod = (typeof SESSION_METHODS)[number];

/**
 * A signed-in device: every sign-in is a session (ADR 0417). `browser` and `os` are read from
 * the user agent by the server, in words ("Firefox 147", "Windows 10"); null when unknown.
 * `last_used_at` is coarse: written at most once a minute.
 */
export const SessionSchema = z.object({
  id: z.number().int(),
  created_at: TimestampSchema,
  last_used_at: TimestampSchema,
  user_agent: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
  /** How the sign-in was made (ADR 0430). */
  method: z.enum(SESSION_METHODS),
});
export type Session = z.infer<typeof SessionSchema>;

export const EndedSessionsSchema = z.object({ ended: z.number().int() });

export const sessionsContract = c.router({
  list: {
    method: 'GET',
    path: '/api/sessions/',
    ...signedIn({ 200: z.array(SessionSchema) }),
    summary: "The signed-in user's sessions, newest first",
  },
  end: {
    method: 'DELETE',
    path: '/api/sessions/:id/',
    ...signedInById({ 204: c.noBody() }),
    summary: 'End one session (its tokens stop working); ending the current one signs out',
  },
  endOthers: {
    method: 'POST',
    path: '/api/sessions/end-others/',
    body: z.object({}),
    ...signedIn({ 200: EndedSessionsSchema, 400: BadRequestSchema }),
    summary: 'End every session but the current one',
  },
});
