import { useSuspenseQuery } from '@tanstack/react-query';
import { focusAfterDelete } from '../../lib/focus-after-delete';
import { toastFailure } from '../../lib/toast';
import { useOfferUndo } from '../trash/undo';
import { EventItem } from './event-item';
import { eventsOnDayQuery, useDeleteEvent } from './queries';

export function EventList({ date }: { date: string }) {
  const { data: events } = useSuspenseQuery(eventsOnDayQuery(date));
  const remove = useDeleteEvent();
  const offerUndo = useOfferUndo('event');

  if (events.length === 0) return <p className="empty">No events.</p>;

  return (
    <ul className="list events">
      {events.map((event) => (
        <EventItem
          key={event.id}
          event={event}
          deleting={remove.isPending && remove.variables === event.id}
          onDelete={(click) => {
            const refocus = focusAfterDelete(click.currentTarget);
            remove.mutate(event.id, {
              onSuccess: () => {
                offerUndo(event.id, 'Event deleted.');
                refocus();
              },
              onError: toastFailure('Failed to delete event'),
            });
          }}
        />
      ))}
    </ul>
  );
}
