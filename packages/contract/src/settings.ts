import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { BadRequestSchema, passwordField, UsernameSchema } from './common';
import { signedIn } from './routes';

const c = initContract();

export const SettingsSchema = z.object({ username: z.string() });

/**
 * Both PUT and PATCH require `current_password` (the original's PATCH did not: a hole).
 * A blank or missing `new_password` keeps the current one; its strength is checked by the
 * handler so that its error joins a wrong current password in one answer, as the original.
 */
export const SettingsBodySchema = z.object({
  username: UsernameSchema.optional(),
  current_password: passwordField(),
  new_password: z
    .union([z.literal(''), passwordField()])
    .nullable()
    .optional(),
});
export type SettingsBody = z.input<typeof SettingsBodySchema>;

/** The new username, and a fresh token pair: a password change revokes all earlier tokens. */
export const SettingsUpdatedSchema = z.object({
  username: z.string(),
  access: z.string(),
  refresh: z.string(),
});
export type SettingsUpdated = z.infer<typeof SettingsUpdatedSchema>;

export const DeleteAccountBodySchema = z.object({ password: z.string().max(1024).optional() });

export const settingsContract = c.router({
  get: {
    method: 'GET',
    path: '/api/settings/',
    ...signedIn({ 200: SettingsSchema }),
    summary: 'The account settings',
  },
  put: {
    method: 'PUT',
    path: '/api/settings/',
    body: SettingsBodySchema,
    ...signedIn({ 200: SettingsUpdatedSchema, 400: BadRequestSchema }),
    summary: 'Change username and/or password (needs the current password)',
  },
  patch: {
    method: 'PATCH',
    path: '/api/settings/',
    body: SettingsBodySchema,
    ...signedIn({ 200: SettingsUpdatedSchema, 400: BadRequestSchema }),
    summary: 'Same as PUT (the current password is required here too)',
  },
  deleteAccount: {
    method: 'POST',
    path: '/api/delete-account/',
    body: DeleteAccountBodySchema,
    ...signedIn({ 204: c.noBody(), 400: BadRequestSchema }),
    summary: 'Delete the account and all its data (needs the password)',
  },
});
