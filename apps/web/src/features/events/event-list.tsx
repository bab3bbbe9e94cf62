import { useSuspenseQuery } from '@tanstack/react-query';
import { toastFailure } from '../../lib/toast';
import { EventItem } from './event-item';
import { eventsOnDayQuery, useDeleteEvent } from './queries';

export function EventList({ date }: { date: string }) {
  const { data: events } = useSuspenseQuery(eventsOnDayQuery(date));
  const remove = useDeleteEvent();

  if (events.length === 0) return <p className="empty">No events.</p>;

  return (
    <ul className="list events">
      {events.map((event) => (
        <EventItem
          key={event.id}
          event={event}
          deleting={remove.isPending && remove.variables === event.id}
          onDelete={() =>
            remove.mutate(event.id, { onError: toastFailure('Failed to delete event') })
          }
        />
      ))}
    </ul>
  );
}
