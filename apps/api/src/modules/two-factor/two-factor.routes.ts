import {
  contract,
  type SecondFactorBody,
  TWO_FACTOR_MESSAGES,
  type TwoFactorStatus,
} from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../env';
import { detail } from '../../lib/drf';
import { noStore } from '../../lib/http';
import { type HeaderSetter, throttledResult } from '../../plugins/rate-limit';
import { accountPasswordCheck } from '../auth/account-password';
import { userOf } from '../auth/auth.plugin';
import { PASSWORD_MESSAGES } from '../auth/passwords';
import { countPasskeys } from '../passkeys/passkeys.queries';
import { endOtherSessions } from '../sessions/sessions.queries';
import { newRecoveryCodes, newTotpSecret, normalizeRecoveryCode, otpauthUrl, qrSvg } from './totp';
import {
  confirmTotp,
  countRecoveryCodesLeft,
  deleteTwoFactor,
  findTotp,
  hasTwoFactor,
  replaceRecoveryCodes,
  savePendingTotp,
} from './two-factor.queries';

const s = initServer();

const bad = (body: Record<string, string[]> | { detail: string }) => ({
  status: 400 as const,
  body,
});

/** Enrolment, status, turning off and new recovery codes (ADR 0430). */
export function twoFactorRoutes(app: FastifyInstance, config: Config) {
  const checkPassword = accountPasswordCheck(app, config);
  const factor = app.secondFactor;

  /** New recovery codes for the user: their keyed hashes are stored, the codes answered once. */
  async function freshRecoveryCodes(userId: number, db = app.db) {
    const codes = newRecoveryCodes();
    const hashes = codes.map((code) => factor.box.hash(normalizeRecoveryCode(code)));
    await replaceRecoveryCodes(db, userId, hashes);
    return codes;
  }

  /**
   * The password and a second factor, as turning off and new recovery codes need them: undefined
   * when both are right, else the answer (400 with field errors, or 429).
   */
  async function refusal(request: FastifyRequest, reply: HeaderSetter, body: SecondFactorBody) {
    const user = userOf(request);
    if (!(await hasTwoFactor(app.db, user.id))) return bad(detail(TWO_FACTOR_MESSAGES.notOn));
    const password = await checkPassword(request, user.id, body.password);
    if (password.wait !== undefined) return throttledResult(reply, password.wait);
    // A wrong password spends no code: the code is checked only after it.
    if (!password.ok) return bad({ password: [PASSWORD_MESSAGES.incorrect] });
    const result = await factor.check(request, user.id, {
      otp: body.code,
      recovery_code: body.recovery_code,
    });
    if (result.kind === 'locked') return throttledResult(reply, result.wait);
    if (result.kind === 'missing') return bad({ code: [TWO_FACTOR_MESSAGES.codeOrRecovery] });
    if (result.kind === 'invalid') {
      const field = body.code?.trim() ? 'code' : 'recovery_code';
      return bad({ [field]: [TWO_FACTOR_MESSAGES.otpInvalid] });
    }
    return undefined;
  }

  return s.router(contract.twoFactor, {
    status: async ({ request }) => {
      const user = userOf(request);
      const body: TwoFactorStatus = {
        totp: await hasTwoFactor(app.db, user.id),
        passkeys: await countPasskeys(app.db, user.id),
        recovery_codes_left: await countRecoveryCodesLeft(app.db, user.id),
      };
      return { status: 200, body };
    },

    totpSetup: async ({ request, reply }) => {
      const user = userOf(request);
      const secret = newTotpSecret();
      if (!(await savePendingTotp(app.db, user.id, factor.box.seal(secret)))) {
        return bad(detail(TWO_FACTOR_MESSAGES.alreadyOn));
      }
      const url = otpauthUrl(secret, user.username);
      noStore(reply);
      return { status: 200, body: { secret, otpauth_url: url, qr_svg: await qrSvg(url) } };
    },

    totpConfirm: async ({ body, request, reply }) => {
      const user = userOf(request);
      const row = await findTotp(app.db, user.id);
      if (!row) return bad(detail(TWO_FACTOR_MESSAGES.noSetup));
      if (row.confirmed_at) return bad(detail(TWO_FACTOR_MESSAGES.alreadyOn));
      const checked = await factor.counted(request, user.id, () =>
        factor.acceptCode(user.id, factor.secretOf(row), body.code),
      );
      if (checked.wait !== undefined) return throttledResult(reply, checked.wait);
      if (!checked.ok) return bad({ code: [TWO_FACTOR_MESSAGES.otpInvalid] });
      const codes = await app.db.transaction().execute(async (trx) => {
        await confirmTotp(trx, user.id);
        // Turning it on ends every other session, as a password change does; this one stays.
        await endOtherSessions(trx, user.id, request.sessionId ?? undefined);
        return freshRecoveryCodes(user.id, trx);
      });
      app.authUsers.invalidate(user.id);
      request.log.info({ user: user.id }, 'two-factor sign-in turned on');
      noStore(reply);
      return { status: 200, body: { recovery_codes: codes } };
    },

    totpDisable: async ({ body, request, reply }) => {
      const user = userOf(request);
      const refused = await refusal(request, reply, body);
      if (refused) return refused;
      await app.db.transaction().execute((trx) => deleteTwoFactor(trx, user.id));
      request.log.info({ user: user.id }, 'two-factor sign-in turned off');
      return { status: 204, body: undefined };
    },

    recoveryCodes: async ({ body, request, reply }) => {
      const user = userOf(request);
      const refused = await refusal(request, reply, body);
      if (refused) return refused;
      const codes = await app.db.transaction().execute((trx) => freshRecoveryCodes(user.id, trx));
      noStore(reply);
      return { status: 200, body: { recovery_codes: codes } };
    },
  });
}
