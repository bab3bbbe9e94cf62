import type { EventPatchSchema } from '@prodify/contract';
import type { z } from 'zod';
import { findOwned } from '../../db/owned';
import { parseRow } from '../../db/rows';
import { EVENT_ROW } from '../../db/tables';
import type { Executor } from '../../db/types';

export type EventChanges = z.output<typeof EventPatchSchema>;

/**
 * Sets the given fields of one of the user's events (a field left out keeps its value, as DRF's
 * partial update does); undefined when the user has no such event.
 */
export async function updateEvent(db: Executor, userId: number, id: number, changes: EventChanges) {
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as EventChanges;
  if (Object.keys(set).length === 0) return findOwned(db, EVENT_ROW, userId, id);
  const row = await db
    .updateTable('events')
    .set(set)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(EVENT_ROW.json)
    .executeTakeFirst();
  return parseRow(EVENT_ROW, row);
}
