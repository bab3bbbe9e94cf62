import { contract } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { removed } from '../../lib/drf';
import { noStore } from '../../lib/http';
import { userOf } from '../auth/auth.plugin';
import {
  deleteAppPassword,
  insertAppPassword,
  listAppPasswords,
  newSecret,
  secretHash,
} from './app-passwords.queries';

const s = initServer();

const TOO_MANY = 'You have too many app passwords: revoke one you no longer use first.';

/** Create, list and revoke the passwords of CalDAV clients (ADR 0440). */
export function appPasswordsRoutes(app: FastifyInstance) {
  return s.router(contract.appPasswords, {
    list: async ({ request }) => {
      return { status: 200, body: await listAppPasswords(app.db, userOf(request).id) };
    },

    create: async ({ body, request, reply }) => {
      const password = newSecret();
      const row = await insertAppPassword(
        app.db,
        userOf(request).id,
        body.name,
        secretHash(password),
      );
      if (!row) return { status: 400, body: { non_field_errors: [TOO_MANY] } };
      noStore(reply);
      return { status: 201, body: { ...row, password } };
    },

    revoke: async ({ params, request }) => {
      return removed(await deleteAppPassword(app.db, userOf(request).id, params.id));
    },
  });
}
