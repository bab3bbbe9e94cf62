import type { EventItem } from '@prodify/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Repeat } from 'lucide-react';
import { useState } from 'react';
import { DeleteButton } from '../../components/button';
import { eventLabel } from '../../lib/dates';
import { toastFailure } from '../../lib/toast';
import { OccurrenceDialog } from './occurrence-dialog';
import { eventsOnDayQuery, useDeleteEvent, useDeleteOccurrence } from './queries';

export function EventList({ date }: { date: string }) {
  const { data: events } = useSuspenseQuery(eventsOnDayQuery(date));
  const remove = useDeleteEvent();
  const removeOne = useDeleteOccurrence();
  /** The repeating event whose delete asks "This event" or "All events". */
  const [asking, setAsking] = useState<EventItem | null>(null);

  if (events.length === 0) return <p className="empty">No events.</p>;

  const deleteAll = (event: EventItem) =>
    remove.mutate(event.id, { onError: toastFailure('Failed to delete event') });

  return (
    <>
      <ul className="list events">
        {events.map((event) => (
          <li key={`${event.id}-${event.occurrence ?? event.date}`} className="list-item event">
            <span className="event-label">
              {eventLabel(event)}
              {event.recurring ? (
                <Repeat className="item-repeat" size={14} aria-label="repeats" role="img" />
              ) : null}
            </span>
            <DeleteButton
              label="Delete event"
              busy={
                (remove.isPending && remove.variables === event.id) ||
                (removeOne.isPending && removeOne.variables?.id === event.id)
              }
              onClick={() => (event.recurring ? setAsking(event) : deleteAll(event))}
            />
          </li>
        ))}
      </ul>
      <OccurrenceDialog
        action={asking ? 'Delete' : null}
        title={asking?.title ?? ''}
        onClose={() => setAsking(null)}
        onThis={() => {
          if (asking) {
            removeOne.mutate(
              { id: asking.id, occurrence: asking.occurrence ?? asking.date },
              { onError: toastFailure('Failed to delete event') },
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
