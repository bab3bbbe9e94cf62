import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { BadRequestSchema, DRF, passwordField } from './common';
import { signedIn } from './routes';

const c = initContract();

/** Bounds of the codes a client sends: a TOTP code is 6 digits, a recovery code 10 characters. */
export const TWO_FACTOR_LIMITS = {
  codeMax: 32,
  recoveryCodeMax: 64,
  /** Recovery codes made at once (confirm, regenerate). */
  recoveryCodes: 10,
  /** Wrong codes (TOTP or recovery) a minute for one account before code checks answer 429. */
  codeFailuresPerMinute: 5,
} as const;

/** The answers' words, shared by the API and the web (which shows them). */
export const TWO_FACTOR_MESSAGES = {
  otpRequired: 'Two-factor code required.',
  otpInvalid: 'Invalid two-factor code.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  noSetup: 'Set up two-factor sign-in first.',
  codeOrRecovery: 'Send a code from your app or a recovery code.',
} as const;

/** The `code` of sign-in's 401 when the second factor is missing or wrong. */
export type TwoFactorCode = 'otp_required' | 'otp_invalid';

/** A code as typed: spaces are dropped by the server, so "123 456" works. */
const codeField = (max: number) =>
  z
    .string()
    .max(max, DRF.maxLength(max))
    .refine((s) => !s.includes('\u0000'), DRF.nullCharacters);

export const OtpFieldSchema = codeField(TWO_FACTOR_LIMITS.codeMax);
export const RecoveryCodeFieldSchema = codeField(TWO_FACTOR_LIMITS.recoveryCodeMax);

/** `GET /api/2fa/`: what protects the account. */
export const TwoFactorStatusSchema = z.object({
  totp: z.boolean(),
  passkeys: z.number().int(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** The secret to put into an authenticator app; nothing is switched on until it is confirmed. */
export const TotpSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_svg: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetupSchema>;

/** Recovery codes, shown once: the server keeps only their hashes. */
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

export const TotpConfirmBodySchema = z.object({ code: OtpFieldSchema });

/** The password and a second factor: a current code or an unused recovery code. */
export const SecondFactorBodySchema = z.object({
  password: passwordField(),
  code: OtpFieldSchema.optional(),
  recovery_code: RecoveryCodeFieldSchema.optional(),
});
export type SecondFactorBody = z.input<typeof SecondFactorBodySchema>;

/** Two-factor sign-in with an authenticator app (TOTP) and recovery codes (ADR 0430). */
export const twoFactorContract = c.router({
  status: {
    method: 'GET',
    path: '/api/2fa/',
    ...signedIn({ 200: TwoFactorStatusSchema }),
    summary: 'Whether two-factor sign-in is on, passkeys and recovery codes left',
  },
  totpSetup: {
    method: 'POST',
    path: '/api/2fa/totp/setup/',
    body: z.object({}),
    ...signedIn({ 200: TotpSetupSchema, 400: BadRequestSchema }),
    summary: 'A new authenticator secret to confirm (nothing is switched on yet)',
  },
  totpConfirm: {
    method: 'POST',
    path: '/api/2fa/totp/confirm/',
    body: TotpConfirmBodySchema,
    ...signedIn({ 200: RecoveryCodesSchema, 400: BadRequestSchema }),
    summary: 'Turn two-factor sign-in on with a code from the app; answers 10 recovery codes once',
  },
  totpDisable: {
    method: 'POST',
    path: '/api/2fa/totp/disable/',
    body: SecondFactorBodySchema,
    ...signedIn({ 204: c.noBody(), 400: BadRequestSchema }),
    summary: 'Turn two-factor sign-in off (password and a code or a recovery code)',
  },
  recoveryCodes: {
    method: 'POST',
    path: '/api/2fa/recovery-codes/',
    body: SecondFactorBodySchema,
    ...signedIn({ 200: RecoveryCodesSchema, 400: BadRequestSchema }),
    summary: 'A new set of recovery codes; the old ones stop working',
  },
});
