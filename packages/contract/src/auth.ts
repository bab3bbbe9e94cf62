import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  BadRequestSchema,
  DetailSchema,
  LIMITS,
  passwordField,
  textField,
  UsernameSchema,
} from './common';
import { passwordCriteria } from './password';
import { OtpFieldSchema, RecoveryCodeFieldSchema } from './two-factor';

const c = initContract();

const PASSWORD_TOO_SHORT = 'This password is too short. It must contain at least 8 characters.';

export const RegisterBodySchema = z.object({
  username: UsernameSchema,
  // Django counts characters (code points), as the web's strength rule does: four emoji are
  // eight UTF-16 units but four characters. `min` stays for the OpenAPI document.
  password: passwordField().pipe(
    z
      .string()
      .min(LIMITS.passwordMin, PASSWORD_TOO_SHORT)
      .refine((password) => passwordCriteria(password).length, PASSWORD_TOO_SHORT),
  ),
  /**
   * The browser's IANA time zone, kept as the user's preference (ADR 0421); optional (the
   * original client sends none), and one `Intl` does not know is ignored, not refused.
   */
  time_zone: z.string().max(64).optional(),
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;

export const RegisteredUserSchema = z.object({ id: z.number().int(), username: z.string() });

export const LoginBodySchema = z.object({
  username: textField(LIMITS.usernameMax),
  password: passwordField(),
  /**
   * The second factor of a user with two-factor sign-in on (ADR 0430): a code from the app, or
   * one of the recovery codes. Optional; ignored for a user without two-factor sign-in.
   */
  otp: OtpFieldSchema.optional(),
  recovery_code: RecoveryCodeFieldSchema.optional(),
});
export type LoginBody = z.input<typeof LoginBodySchema>;

export const TokenPairSchema = z.object({ refresh: z.string(), access: z.string() });
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const RefreshBodySchema = z.object({
  refresh: z.string().min(1, 'This field may not be blank.'),
});

export const CurrentUserSchema = z.object({ username: z.string(), email: z.string() });
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** Register, username check, sign-in and the current user. */
export const authContract = c.router({
  register: {
    method: 'POST',
    path: '/api/user/register/',
    body: RegisterBodySchema,
    responses: { 201: RegisteredUserSchema, 400: BadRequestSchema, 429: DetailSchema },
    metadata: { auth: false },
    summary: 'Create an account',
  },
  checkUsername: {
    method: 'POST',
    path: '/api/user/check-username/',
    // Missing or empty names answer `{error}` as the original did, so the body stays loose.
    body: z.object({
      username: z
        .string()
        .max(LIMITS.usernameMax * 4)
        .optional(),
    }),
    responses: {
      200: z.object({ message: z.string() }),
      400: z.union([z.object({ error: z.string() }), BadRequestSchema]),
      429: DetailSchema,
    },
    metadata: { auth: false },
    summary: 'Is this username free? (case-insensitive)',
  },
  login: {
    method: 'POST',
    path: '/api/token/',
    body: LoginBodySchema,
    responses: {
      200: TokenPairSchema,
      400: BadRequestSchema,
      401: DetailSchema,
      429: DetailSchema,
    },
    metadata: { auth: false },
    summary: 'Obtain an access and a refresh token',
  },
  refresh: {
    method: 'POST',
    path: '/api/token/refresh/',
    body: RefreshBodySchema,
    responses: { 200: z.object({ access: z.string() }), 400: BadRequestSchema, 401: DetailSchema },
    metadata: { auth: false },
    summary: 'Swap a refresh token for a new access token',
  },
  me: {
    method: 'GET',
    path: '/api/user/',
    responses: { 200: CurrentUserSchema, 401: DetailSchema },
    metadata: { auth: true },
    summary: 'The signed-in user',
  },
});
