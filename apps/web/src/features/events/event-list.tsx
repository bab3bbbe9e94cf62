import { useSuspenseQuery } from '@tanstack/react-query';
import { DeleteButton } from '../../components/button';
import { eventLabel } from '../../lib/dates';
import { toastFailure } from '../../lib/toast';
import { eventsOnDayQuery, useDeleteEvent } from './queries';

export function EventList({ date }: { date: string }) {
  const { data: events } = useSuspenseQuery(eventsOnDayQuery(date));
  const remove = useDeleteEvent();

  if (events.length === 0) return <p className="empty">No events.</p>;

  return (
    <ul className="list events">
      {events.map((event) => (
        <li key={event.id} className="list-item event">
          <span className="event-label">{eventLabel(event)}</span>
          <DeleteButton
            label="Delete event"
            busy={remove.isPending && remove.variables === event.id}
            onClick={() =>
              remove.mutate(event.id, { onError: toastFailure('Failed to delete event') })
            }
          />
        </li>
      ))}
    </ul>
  );
}
