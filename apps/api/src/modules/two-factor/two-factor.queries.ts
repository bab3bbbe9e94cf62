import { sql } from 'kysely';
import type { Executor } from '../../db/types';

/** The user's authenticator row (confirmed or still pending), if any. */
export function findTotp(db: Executor, userId: number) {
  return db
    .selectFrom('user_totp')
    .select(['secret_enc', 'confirmed_at', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Whether two-factor sign-in is on for the user. */
export async function hasTwoFactor(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_totp')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new pending secret, replacing a pending one; never one that is confirmed (false then). */
export async function savePendingTotp(db: Executor, userId: number, secretEnc: string) {
  const row = await db
    .insertInto('user_totp')
    .values({ user_id: userId, secret_enc: secretEnc })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_enc: secretEnc, last_step: 0 })
        .where('user_totp.confirmed_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records that a code of `step` was accepted, only when no code of this step or a later one was
 * before: one statement, so two instances given the same code at once accept it once.
 */
export async function acceptStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('user_totp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('last_step', '<', step)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Switches the pending secret on (its first code's step is accepted by acceptStep). */
export async function confirmTotp(db: Executor, userId: number) {
  await db
    .updateTable('user_totp')
    .set({ confirmed_at: sql<string>`now()` })
    .where('user_id', '=', userId)
    .execute();
}

/** Two-factor sign-in off: the secret and every recovery code go. */
export async function deleteTwoFactor(db: Executor, userId: number) {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
}

/** A new set of recovery codes (their hashes); the old set ends. */
export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[]) {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Uses one unused recovery code of that hash; false when there is none (or it was just used). */
export async function useRecoveryCode(db: Executor, userId: number, hash: string) {
  const row = await db
    .updateTable('recovery_codes')
    .set({ used_at: sql<string>`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countRecoveryCodesLeft(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
