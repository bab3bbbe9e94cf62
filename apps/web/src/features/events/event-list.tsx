import type { EventItem as Occurrence } from '@prodify/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { focusAfterDelete } from '../../lib/focus-after-delete';
import { toastFailure } from '../../lib/toast';
import { useOfferUndo } from '../trash/undo';
import { EventItem } from './event-item';
import { OccurrenceDialog } from './occurrence-dialog';
import { eventsOnDayQuery, useDeleteEvent, useDeleteOccurrence } from './queries';

/** A repeating event whose delete asks "This event" or "All events", and where focus goes after. */
type Asking = { event: Occurrence; refocus: () => void };

export function EventList({ date }: { date: string }) {
  const { data: events } = useSuspenseQuery(eventsOnDayQuery(date));
  const remove = useDeleteEvent();
  const removeOne = useDeleteOccurrence();
  const offerUndo = useOfferUndo('event');
  const [asking, setAsking] = useState<Asking | null>(null);

  if (events.length === 0) return <p className="empty">No events.</p>;

  const deleteAll = ({ event, refocus }: Asking) =>
    remove.mutate(event.id, {
      onSuccess: () => {
        offerUndo(event.id, 'Event deleted.');
        refocus();
      },
      onError: toastFailure('Failed to delete event'),
    });

  return (
    <>
      <ul className="list events">
        {events.map((event) => (
          <EventItem
            key={`${event.id}-${event.occurrence ?? event.date}`}
            event={event}
            deleting={
              (remove.isPending && remove.variables === event.id) ||
              (removeOne.isPending && removeOne.variables?.id === event.id)
            }
            onDelete={(click) => {
              const target = { event, refocus: focusAfterDelete(click.currentTarget) };
              if (event.recurring) setAsking(target);
              else deleteAll(target);
            }}
          />
        ))}
      </ul>
      <OccurrenceDialog
        action={asking ? 'Delete' : null}
        title={asking?.event.title ?? ''}
        onClose={() => setAsking(null)}
        onThis={() => {
          if (asking) {
            const { event, refocus } = asking;
            removeOne.mutate(
              { id: event.id, occurrence: event.occurrence ?? event.date },
              { onSuccess: refocus, onError: toastFailure('Failed to delete event') },
            );
          }
          setAsking(null);
        }}
        onAll={() => {
          if (asking) deleteAll(asking);
          setAsking(null);
        }}
      />
    </>
  );
}
