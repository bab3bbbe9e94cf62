import type { FastifyBaseLogger } from 'fastify';
import { usernameKey } from '../lib/username';
import { isUniqueViolation } from './errors';
import type { Db } from './types';

/**
 * Accounts without a username key lost a collision when the keys were introduced (migration
 * 202611260400, ADR 0416). At every start, each one takes its key if it has become free (the
 * other account was renamed or deleted); the others are reported in the log, never merged or
 * dropped. They sign in with their exact name, and renaming gives them a key.
 */
export async function settleUsernameKeys(db: Db, log: FastifyBaseLogger): Promise<number> {
  const keyless = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username_key', 'is', null)
    .orderBy('id')
    .limit(1000)
    .execute();
  let left = 0;
  for (const user of keyless) {
    const key = usernameKey(user.username);
    try {
      await db
        .updateTable('users')
        .set({ username_key: key })
        .where('id', '=', user.id)
        .where('username_key', 'is', null)
        .execute();
      log.info({ user: user.id }, 'username key collision resolved: the account has its key');
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      left++;
      const holder = await db
        .selectFrom('users')
        .select(['id'])
        .where('username_key', '=', key)
        .executeTakeFirst();
      log.warn(
        { user: user.id, username: user.username, key, heldBy: holder?.id },
        'username collision: another account has this name under Unicode case folding; this account keeps working with its exact name, rename one of them (ADR 0416)',
      );
    }
  }
  return left;
}
