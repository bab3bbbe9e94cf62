import { isTimeZone, type Preferences } from '@prodify/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/types';

/** The zone of a user who has not chosen one: the server's own (its `TZ`). */
export function serverTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

const hhmm = (time: string | null) => (time === null ? null : time.slice(0, 5));

/** The user's preferences, the defaults filled in where nothing was chosen. */
export async function findPreferences(db: Executor, userId: number): Promise<Preferences> {
  const row = await db
    .selectFrom('user_preferences')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    time_zone: row?.time_zone ?? serverTimeZone(),
    todo_reminder_time: hhmm(row?.todo_reminder_time ?? '09:00') as string,
    remind_in_app: row?.remind_in_app ?? true,
    remind_by_push: row?.remind_by_push ?? false,
    remind_by_email: row?.remind_by_email ?? false,
    daily_agenda_at: hhmm(row?.daily_agenda_at ?? null),
  };
}

/** Sets some preferences (a row made on the first change); answers all of them. */
export async function updatePreferences(
  db: Executor,
  userId: number,
  changes: Partial<Preferences>,
): Promise<Preferences> {
  if (Object.keys(changes).length > 0) {
    await db
      .insertInto('user_preferences')
      .values({ user_id: userId, time_zone: null, daily_agenda_at: null, ...changes })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...changes, updated_at: sql`now()` }))
      .execute();
  }
  return findPreferences(db, userId);
}
