import { contract, PREFERENCE_KEYS, type Preferences } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { userOf } from '../auth/auth.plugin';
import { findPreferences, updatePreferences } from './preferences.queries';

const s = initServer();

/** The user's time zone and reminder channels (ADR 0421). */
export function preferencesRoutes(app: FastifyInstance) {
  return s.router(contract.preferences, {
    get: async ({ request }) => ({
      status: 200,
      body: await findPreferences(app.db, userOf(request).id),
    }),
    patch: async ({ body, request }) => {
      // The schema refused unknown keys; only the known ones are taken.
      const changes = Object.fromEntries(
        PREFERENCE_KEYS.filter((key) => key in body).map((key) => [key, body[key]]),
      ) as Partial<Preferences>;
      return { status: 200, body: await updatePreferences(app.db, userOf(request).id, changes) };
    },
  });
}
