import { contract, type Session } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import Bowser from 'bowser';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../env';
import { removed } from '../../lib/drf';
import { userOf } from '../auth/auth.plugin';
import { endOtherSessions, endSession, listSessions } from './sessions.queries';

const s = initServer();

/** "Firefox 147" / "Windows 10" from a user agent (bowser); null for what it cannot tell. */
export function describeUserAgent(userAgent: string): {
  browser: string | null;
  os: string | null;
} {
  if (userAgent === '') return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const words = (...parts: Array<string | undefined>) =>
    parts.filter((part) => part !== undefined && part !== '').join(' ') || null;
  const major = parsed.browser.version?.split('.')[0];
  return {
    browser: words(parsed.browser.name, parsed.browser.name ? major : undefined),
    os: words(parsed.os.name, parsed.os.versionName ?? parsed.os.version),
  };
}

/** The user's sessions: list, end one, end all others (ADR 0417). */
export function sessionsRoutes(app: FastifyInstance, config: Config) {
  /** Every instance forgets the user's cached sessions once an end has committed. */
  const ended = (userId: number) => app.authUsers.invalidate(userId);

  return s.router(contract.sessions, {
    list: async ({ request }) => {
      const rows = await listSessions(app.db, userOf(request).id, config.refreshTokenLifetime);
      const body: Session[] = rows.map((row) => ({
        id: row.id,
        created_at: row.created_at,
        last_used_at: row.last_used_at,
        user_agent: row.user_agent,
        ...describeUserAgent(row.user_agent),
        ip: row.ip,
        current: row.id === request.sessionId,
        method: row.method,
      }));
      return { status: 200, body };
    },

    end: async ({ params, request }) => {
      const user = userOf(request);
      const done = await endSession(app.db, user.id, params.id);
      if (done) ended(user.id);
      return removed(done);
    },

    endOthers: async ({ request }) => {
      const user = userOf(request);
      const count = await endOtherSessions(app.db, user.id, request.sessionId ?? undefined);
      ended(user.id);
      return { status: 200, body: { ended: count } };
    },
  });
}
