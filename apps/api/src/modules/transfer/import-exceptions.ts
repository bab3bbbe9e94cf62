import { parseRRule } from '@prodify/contract';
import type { Executor } from '../../db/types';
import { checkEvent } from '../events/events.write';
import { occursOn } from '../events/recurrence';

/** One changed or deleted occurrence of an imported series (an export's `exceptions`). */
export interface NewException {
  occurrence: string;
  deleted?: boolean;
  title?: string;
  date?: string;
  time?: string | null;
  end_time?: string | null;
}

interface Series {
  title: string;
  date: string;
  time?: string | null;
  end_time?: string | null;
  rrule?: string | null;
  exceptions?: NewException[];
}

/**
 * The day after which an imported series has no occurrence, computed as a created event's is
 * (events.write.ts), or the reason the event cannot be stored (e.g. UNTIL before its date).
 */
export function importedSeriesEnd(
  event: Series,
): { ok: true; seriesEnd: string | null } | { ok: false; reason: string } {
  const checked = checkEvent({
    date: event.date,
    time: event.time ?? null,
    end_time: event.end_time ?? null,
    rrule: event.rrule ?? null,
  });
  if (checked.errors) {
    const reason = Object.entries(checked.errors)
      .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
      .join('; ');
    return { ok: false, reason };
  }
  return { ok: true, seriesEnd: checked.seriesEnd };
}

/**
 * Stores the exceptions of the series just created (their new ids), each as the occurrence
 * routes would (a missing field keeps the series' value). An exception that names no occurrence
 * of the series, or whose end is not after its start, is left out with a reason.
 */
export async function insertExceptions(
  db: Executor,
  userId: number,
  created: { id: number; event: Series }[],
): Promise<{ added: number; reasons: string[] }> {
  const rows = [];
  const reasons: string[] = [];
  for (const { id, event } of created) {
    if (!event.exceptions?.length || !event.rrule) continue;
    const parsed = parseRRule(event.rrule);
    if (!parsed.ok) continue;
    const seen = new Set<string>();
    for (const x of event.exceptions) {
      const label = `"${event.title}" on ${x.occurrence}`;
      if (seen.has(x.occurrence)) continue;
      seen.add(x.occurrence);
      if (!occursOn(parsed.rule, event.date, event.time ?? null, x.occurrence)) {
        reasons.push(`${label}: not an occurrence of the series, change left out`);
        continue;
      }
      const time = x.time === undefined ? (event.time ?? null) : x.time;
      const end = x.end_time === undefined ? (event.end_time ?? null) : x.end_time;
      const endTime =
        x.end_time === undefined && (time === null || (end && end <= time)) ? null : end;
      if (!x.deleted && endTime !== null && (time === null || endTime <= time)) {
        reasons.push(`${label}: the end time must be after the start time, change left out`);
        continue;
      }
      rows.push({
        event_id: id,
        user_id: userId,
        occurrence: x.occurrence,
        deleted: x.deleted ?? false,
        title: x.title ?? event.title,
        date: x.date ?? x.occurrence,
        time,
        end_time: endTime,
      });
    }
  }
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('event_exceptions')
      .values(rows.slice(start, start + 500))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return { added: rows.length, reasons };
}
