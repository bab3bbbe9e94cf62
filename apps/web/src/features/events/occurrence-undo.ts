import type { EventItem } from '@prodify/contract';
import type { QueryClient } from '@tanstack/react-query';
import { client, expectNoContent } from '../../lib/api';
import { toast, toastFailure } from '../../lib/toast';
import { getAccess } from '../../lib/tokens';
import { DELETE_TOASTS } from '../trash/use-item-actions';
import {
  type OccurrenceTarget,
  occurrenceKey,
  pendingDeletes as pending,
  withoutPendingDeletes,
} from './pending-deletes';
import { eventKeys } from './queries';

/*
 * "This event" deleted with Undo (ADR 0516). A deleted occurrence does not go to the trash, and
 * the API has no way to bring one back, so the delete waits: the occurrence is hidden at once,
 * the toast offers Undo, and the DELETE is sent only when the toast goes unused (or the page
 * is left).
 */

const pathOf = (target: OccurrenceTarget) =>
  `/api/calendar/events/${target.id}/occurrences/${target.occurrence}/`;

let flushOnLeave = false;

/** Leaving the page sends what is pending; `keepalive` lets the request outlive the page. */
function sendPendingOnLeave() {
  if (flushOnLeave) return;
  flushOnLeave = true;
  window.addEventListener('pagehide', () => {
    const access = getAccess();
    for (const target of pending.values()) {
      void fetch(pathOf(target), {
        method: 'DELETE',
        keepalive: true,
        headers: access ? { authorization: `Bearer ${access}` } : {},
      }).catch(() => undefined);
    }
    pending.clear();
  });
}

/**
 * Deletes one occurrence with Undo: hidden now, sent when the toast goes unused; Undo shows it
 * again. `refocus` runs once the lists no longer show it.
 */
export function deleteOccurrenceWithUndo(
  queryClient: QueryClient,
  target: OccurrenceTarget,
  refocus?: () => void,
) {
  sendPendingOnLeave();
  const key = occurrenceKey(target);
  pending.set(key, target);
  const reload = () => queryClient.invalidateQueries({ queryKey: eventKeys.all });
  queryClient.setQueriesData<EventItem[]>({ queryKey: eventKeys.all }, (old) =>
    Array.isArray(old) ? withoutPendingDeletes(old) : old,
  );
  refocus?.();
  const { deleted, failed } = DELETE_TOASTS.event;
  toast.withAction(deleted, {
    label: 'Undo',
    run: () => {
      pending.delete(key);
      void reload();
      toast.success('Event restored.');
    },
    onGone: () => {
      if (!pending.has(key)) return;
      // Signed out meanwhile: nothing to send it with (and no reason to leave the screen).
      if (!getAccess()) {
        pending.delete(key);
        return;
      }
      client.events
        .removeOccurrence({ params: { id: target.id, date: target.occurrence } })
        .then(expectNoContent)
        .catch(toastFailure(failed))
        .finally(() => {
          pending.delete(key);
          void reload();
        });
    },
  });
}
