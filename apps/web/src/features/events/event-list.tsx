import { useSuspenseQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { IconButton } from '../../components/button';
import { eventLabel } from '../../lib/dates';
import { isSessionExpired } from '../../lib/errors';
import { toast } from '../../lib/toast';
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
          <IconButton
            label="Delete event"
            className="danger"
            busy={remove.isPending && remove.variables === event.id}
            onClick={() =>
              remove.mutate(event.id, {
                onError: (error) => {
                  if (!isSessionExpired(error)) toast.error('Failed to delete event');
                },
              })
            }
          >
            <Trash2 size={18} aria-hidden="true" />
          </IconButton>
        </li>
      ))}
    </ul>
  );
}
