import type { EventPatch, EventItem as Occurrence } from '@prodify/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { focusAfterDelete } from '../../lib/focus-after-delete';
import { toastFailure } from '../../lib/toast';
import { useDeleteWithUndo } from '../trash/use-item-actions';
import { EventItem } from './event-item';
import { OccurrenceDialog } from './occurrence-dialog';
import { deleteOccurrenceWithUndo } from './occurrence-undo';
import { eventsOnDayQuery, useDeleteEvent, useEditEvent, usePatchOccurrence } from './queries';

/**
 * A repeating event whose delete or change asks "This event" or "All events": the change, or
 * where focus goes after the delete.
 */
type Asking =
  | { action: 'Delete'; event: Occurrence; refocus: () => void }
  | { action: 'Change'; event: Occurrence; patch: EventPatch };

export function EventList({ date }: { date: string }) {
  const { data: events } = useSuspenseQuery(eventsOnDayQuery(date));
  const remove = useDeleteEvent();
  const queryClient = useQueryClient();
  const edit = useEditEvent();
  const editOne = usePatchOccurrence();
  const deleteWithUndo = useDeleteWithUndo();
  const [asking, setAsking] = useState<Asking | null>(null);

  if (events.length === 0) return <p className="empty">No events.</p>;

  const deleteAll = ({ event, refocus }: { event: Occurrence; refocus: () => void }) =>
    deleteWithUndo({ kind: 'event', id: event.id, mutation: remove }, refocus);

  // No trash holds one occurrence: its delete waits for the toast's Undo (ADR 0516).
  const deleteThis = ({ event, refocus }: { event: Occurrence; refocus: () => void }) =>
    deleteOccurrenceWithUndo(
      queryClient,
      { id: event.id, occurrence: event.occurrence ?? event.date },
      refocus,
    );
  const changeThis = (event: Occurrence, { title, date, time }: EventPatch) =>
    editOne.mutate(
      { id: event.id, occurrence: event.occurrence ?? event.date, patch: { title, date, time } },
      { onError: toastFailure('Failed to update event') },
    );
  // The series keeps its own first date: a new day applies to one occurrence only.
  const changeAll = (event: Occurrence, { date: _date, ...patch }: EventPatch) => {
    if (Object.keys(patch).length > 0) edit.mutate({ id: event.id, patch });
  };
  const answer = (all: boolean) => {
    if (asking?.action === 'Delete') (all ? deleteAll : deleteThis)(asking);
    if (asking?.action === 'Change') (all ? changeAll : changeThis)(asking.event, asking.patch);
    setAsking(null);
  };

  return (
    <>
      <ul className="list events">
        {events.map((event) => (
          <EventItem
            key={`${event.id}-${event.occurrence ?? event.date}`}
            event={event}
            deleting={remove.isPending && remove.variables === event.id}
            onEdit={(patch) =>
              event.recurring
                ? setAsking({ action: 'Change', event, patch })
                : edit.mutate({ id: event.id, patch })
            }
            onDelete={(click) => {
              const target = { event, refocus: focusAfterDelete(click.currentTarget) };
              if (event.recurring) setAsking({ action: 'Delete', ...target });
              else deleteAll(target);
            }}
          />
        ))}
      </ul>
      <OccurrenceDialog
        action={asking?.action ?? null}
        title={asking?.event.title ?? ''}
        onClose={() => setAsking(null)}
        onThis={() => answer(false)}
        onAll={() => answer(true)}
      />
    </>
  );
}
