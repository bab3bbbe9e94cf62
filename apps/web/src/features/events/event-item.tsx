import type { EventItem as Occurrence } from '@prodify/contract';
import { Pencil, Repeat } from 'lucide-react';
import { type MouseEvent, useId } from 'react';
import { DeleteButton, IconButton } from '../../components/button';
import { eventLabel } from '../../lib/dates';
import { useInPlaceEditor } from '../../lib/use-in-place-editor';
import { EventEditor } from './event-editor';
import { useEditEvent } from './queries';

interface EventItemProps {
  event: Occurrence;
  deleting: boolean;
  onDelete: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** One event of the day's list, with its Edit (in place) and Delete buttons. */
export function EventItem({ event, deleting, onDelete }: EventItemProps) {
  const labelId = useId();
  const edit = useEditEvent();
  const editor = useInPlaceEditor();

  if (editor.editing) {
    return (
      <li className="list-item event editing">
        <EventEditor
          event={event}
          onCancel={editor.close}
          onSave={(patch) => {
            editor.close();
            if (Object.keys(patch).length > 0) edit.mutate({ id: event.id, patch });
          }}
        />
      </li>
    );
  }

  return (
    <li className="list-item event">
      <span className="event-label" id={labelId}>
        {eventLabel(event)}
        {event.recurring ? (
          <Repeat className="item-repeat" size={14} aria-label="repeats" role="img" />
        ) : null}
      </span>
      <div className="item-actions">
        <IconButton
          ref={editor.opener}
          label="Edit event"
          aria-describedby={labelId}
          onClick={editor.open}
        >
          <Pencil size={18} aria-hidden="true" />
        </IconButton>
        <DeleteButton label="Delete event" busy={deleting} onClick={onDelete} />
      </div>
    </li>
  );
}
