import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { BadRequestSchema, DetailSchema, DRF, TimestampSchema } from './common';
import { signedIn, signedInById } from './routes';

const c = initContract();

/** Bounds of what a browser sends back from `navigator.credentials` (base64url strings). */
export const PASSKEY_LIMITS = {
  nameMax: 100,
  credentialIdMax: 1_400,
  clientDataMax: 8_192,
  attestationMax: 65_536,
  authenticatorDataMax: 8_192,
  signatureMax: 1_024,
} as const;

const b64url = (max: number) =>
  z
    .string()
    .max(max, DRF.maxLength(max))
    .regex(/^[A-Za-z0-9_-]*$/, 'Not base64url.');

/** A passkey of the user, as listed in Settings. */
export const PasskeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: TimestampSchema,
  last_used_at: TimestampSchema.nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/** WebAuthn options for the browser (`PublicKeyCredential*OptionsJSON`), as the server made them. */
export const WebAuthnOptionsSchema = z.object({ challenge: z.string() }).passthrough();

const credentialFields = {
  id: b64url(PASSKEY_LIMITS.credentialIdMax),
  rawId: b64url(PASSKEY_LIMITS.credentialIdMax),
  type: z.literal('public-key'),
  clientExtensionResults: z.object({}).passthrough().default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** `RegistrationResponseJSON` of the browser (the registration ceremony's answer). */
export const RegistrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: b64url(PASSKEY_LIMITS.clientDataMax),
    attestationObject: b64url(PASSKEY_LIMITS.attestationMax),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

/** `AuthenticationResponseJSON` of the browser (the sign-in ceremony's answer). */
export const AuthenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: b64url(PASSKEY_LIMITS.clientDataMax),
    authenticatorData: b64url(PASSKEY_LIMITS.authenticatorDataMax),
    signature: b64url(PASSKEY_LIMITS.signatureMax),
    userHandle: b64url(256).optional(),
  }),
});

export const PasskeyRegisterBodySchema = z.object({
  name: z.string().trim().min(1, DRF.blank).max(PASSKEY_LIMITS.nameMax, DRF.maxLength(100)),
  response: RegistrationResponseSchema,
});

export const PasskeyLoginBodySchema = z.object({ response: AuthenticationResponseSchema });

export const PASSKEY_MESSAGES = {
  failed: 'Passkey sign-in failed.',
  notVerified: 'The passkey could not be verified.',
  known: 'This passkey is already registered.',
} as const;

/** Passkeys (WebAuthn): register, sign in without a password, list and remove (ADR 0431). */
export const passkeysContract = c.router({
  registerOptions: {
    method: 'POST',
    path: '/api/passkeys/register/options/',
    body: z.object({}),
    ...signedIn({ 200: WebAuthnOptionsSchema, 400: BadRequestSchema }),
    summary: 'Options for navigator.credentials.create() (a single-use challenge, 5 minutes)',
  },
  registerVerify: {
    method: 'POST',
    path: '/api/passkeys/register/verify/',
    body: PasskeyRegisterBodySchema,
    ...signedIn({ 201: PasskeySchema, 400: BadRequestSchema }),
    summary: 'Keep the passkey the browser made, under a name',
  },
  loginOptions: {
    method: 'POST',
    path: '/api/passkeys/login/options/',
    body: z.object({}),
    responses: { 200: WebAuthnOptionsSchema, 400: BadRequestSchema, 429: DetailSchema },
    metadata: { auth: false },
    summary: 'Options for navigator.credentials.get() (discoverable credentials)',
  },
  loginVerify: {
    method: 'POST',
    path: '/api/passkeys/login/verify/',
    body: PasskeyLoginBodySchema,
    responses: {
      200: z.object({ refresh: z.string(), access: z.string() }),
      400: BadRequestSchema,
      401: DetailSchema,
      429: DetailSchema,
    },
    metadata: { auth: false },
    summary: 'Sign in with a passkey: the usual token pair',
  },
  list: {
    method: 'GET',
    path: '/api/passkeys/',
    ...signedIn({ 200: z.array(PasskeySchema) }),
    summary: "The user's passkeys, oldest first",
  },
  remove: {
    method: 'DELETE',
    path: '/api/passkeys/:id/',
    body: c.noBody(),
    ...signedInById({ 204: c.noBody() }),
    summary: 'Remove a passkey: it no longer signs in',
  },
});
