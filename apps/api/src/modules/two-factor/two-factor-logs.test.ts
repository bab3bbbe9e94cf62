import { describe, expect, it } from 'vitest';
import { loggedApp } from '../../../test/security/support';
import { useTestApp } from '../../../test/support/app';
import { send } from '../../../test/support/inject';
import { totpCode } from '../../../test/support/totp';

/**
 * No two-factor secret reaches a log line (ADR 0430): a whole journey logged at `trace`, wrong
 * codes included, and the redaction of the fields that carry them when a body is logged.
 */
const ctx = useTestApp();

describe('two-factor logs', () => {
  it('hold no secret, code or recovery code through enrolment, sign-ins and turning off', async () => {
    const logged = await loggedApp(ctx, 'trace');
    try {
      const { app } = logged;
      const user = await ctx.signUp('walker');
      const post = (url: string, body: object, auth = true) =>
        send(app, { method: 'POST', url, body, headers: auth ? user.auth : {} });
      const secrets = new Set<string>();
      const setup = await post('/api/2fa/totp/setup/', {});
      const { secret, otpauth_url } = setup.json() as { secret: string; otpauth_url: string };
      secrets.add(secret).add(otpauth_url).add(encodeURIComponent(otpauth_url));
      const first = totpCode(secret, Date.now(), -1);
      secrets.add(first);
      const confirmed = await post('/api/2fa/totp/confirm/', { code: first });
      expect(confirmed.statusCode).toBe(200);
      const codes = (confirmed.json() as { recovery_codes: string[] }).recovery_codes;
      for (const code of codes) secrets.add(code).add(code.replace('-', ''));

      const signIn = (extra: object) =>
        post('/api/token/', { username: user.username, password: user.password, ...extra }, false);
      expect((await signIn({})).statusCode).toBe(401);
      expect((await signIn({ otp: '987654' })).statusCode).toBe(401);
      const now = totpCode(secret);
      secrets.add(now);
      expect((await signIn({ otp: now })).statusCode).toBe(200);
      expect((await signIn({ recovery_code: codes[0] })).statusCode).toBe(200);
      const renewed = await post('/api/2fa/recovery-codes/', {
        password: user.password,
        recovery_code: codes[1],
      });
      for (const code of (renewed.json() as { recovery_codes: string[] }).recovery_codes) {
        secrets.add(code);
      }
      const later = totpCode(secret, Date.now(), 1);
      secrets.add(later);
      expect(
        (await post('/api/2fa/totp/disable/', { password: user.password, code: later })).statusCode,
      ).toBe(204);

      // Were a body logged, its two-factor fields would be censored.
      app.log.info({ body: { otp: now, recovery_code: codes[2], secret } }, 'a logged body');
      const line = logged.lines.find((l) => l.msg === 'a logged body');
      expect(line?.body).toEqual({
        otp: '[redacted]',
        recovery_code: '[redacted]',
        secret: '[redacted]',
      });

      const text = logged.text();
      expect(logged.lines.length).toBeGreaterThan(20);
      for (const value of secrets) expect(text, value).not.toContain(value);
      // The secret's raw bytes, as another encoding might show them, are absent too.
      expect(text).not.toContain(Buffer.from(secret).toString('base64'));
    } finally {
      await logged.close();
    }
  });
});
