import type { EventPatch, EventItem as Occurrence } from '@prodify/contract';
import { Repeat } from 'lucide-react';
import { type MouseEvent, useId } from 'react';
import { ItemActions } from '../../components/item-actions';
import { eventLabel } from '../../lib/dates';
import { useItemActions } from '../trash/use-item-actions';
import { EventEditor } from './event-editor';

interface EventItemProps {
  event: Occurrence;
  deleting: boolean;
  /** Called with the changed fields when the editor saves a change. */
  onEdit: (patch: EventPatch) => void;
  onDelete: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** One event of the day's list, with its Edit (in place) and Delete buttons. */
export function EventItem({ event, deleting, onEdit, onDelete }: EventItemProps) {
  const labelId = useId();
  const actions = useItemActions({ save: onEdit, onDelete });

  if (actions.editing) {
    return (
      <li className="list-item event editing">
        <EventEditor event={event} {...actions.editor} />
      </li>
    );
  }

  return (
    <li className="list-item event">
      <span className="event-label" id={labelId} dir="auto">
        {eventLabel(event)}
        {event.recurring ? (
          <Repeat className="item-repeat" size={14} aria-label="repeats" role="img" />
        ) : null}
      </span>
      <ItemActions noun="event" describedBy={labelId} deleting={deleting} {...actions.buttons} />
    </li>
  );
}
