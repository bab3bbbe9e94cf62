import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { BadRequestSchema, TimestampSchema, textField } from './common';
import { signedIn, signedInById } from './routes';

const c = initContract();

/** Limits of app passwords (ADR 0440). */
export const APP_PASSWORD_LIMITS = {
  /** The name the user gives a password ("iPhone", "Thunderbird at work"). */
  nameMax: 100,
  /** Passwords a user may have at once. */
  perUser: 50,
} as const;

/**
 * A password for one CalDAV client (ADR 0440): it works only under `/dav/`, never on the JSON
 * API. The secret itself is answered once, by `create`; lists never carry it.
 */
export const AppPasswordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created: TimestampSchema,
  /** When a DAV request last signed in with it (coarse: at most once a minute); null if never. */
  last_used: TimestampSchema.nullable(),
});
export type AppPassword = z.infer<typeof AppPasswordSchema>;

/** The answer to `create`: the only time the password is shown, grouped for typing. */
export const NewAppPasswordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  password: z.string(),
  created: TimestampSchema,
});
export type NewAppPassword = z.infer<typeof NewAppPasswordSchema>;

export const AppPasswordBodySchema = z.object({ name: textField(APP_PASSWORD_LIMITS.nameMax) });

export const appPasswordsContract = c.router({
  list: {
    method: 'GET',
    path: '/api/app-passwords/',
    ...signedIn({ 200: z.array(AppPasswordSchema) }),
    summary: "The signed-in user's app passwords (for CalDAV clients), newest first, no secrets",
  },
  create: {
    method: 'POST',
    path: '/api/app-passwords/',
    body: AppPasswordBodySchema,
    ...signedIn({ 201: NewAppPasswordSchema, 400: BadRequestSchema }),
    summary: 'Create an app password; the password is in this answer only',
  },
  revoke: {
    method: 'DELETE',
    path: '/api/app-passwords/:id/',
    ...signedInById({ 204: c.noBody() }),
    summary: 'Revoke an app password: it stops working at once, on every instance',
  },
});
