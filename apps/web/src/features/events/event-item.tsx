import type { EventPatch, EventItem as Occurrence } from '@prodify/contract';
import { Repeat } from 'lucide-react';
import { type MouseEvent, useId } from 'react';
import { ItemActions } from '../../components/item-actions';
import { eventLabel } from '../../lib/dates';
import { useInPlaceEditor } from '../../lib/use-in-place-editor';
import { EventEditor } from './event-editor';

interface EventItemProps {
  event: Occurrence;
  deleting: boolean;
  /**
   * Saves the editor's changed fields: true once saved, false when the user stepped back; a
   * refusal rejects, and the editor stays open to show it.
   */
  onEdit: (patch: EventPatch) => Promise<boolean>;
  onDelete: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** One event of the day's list, with its Edit (in place) and Delete buttons. */
export function EventItem({ event, deleting, onEdit, onDelete }: EventItemProps) {
  const labelId = useId();
  // Not useItemActions' editor, which closes before it saves: this one waits (ADR 0511).
  const editor = useInPlaceEditor();

  if (editor.editing) {
    return (
      <li className="list-item event editing">
        <EventEditor event={event} onSave={onEdit} onClose={editor.close} />
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
      <ItemActions
        noun="event"
        describedBy={labelId}
        deleting={deleting}
        opener={editor.opener}
        onEdit={editor.open}
        onDelete={onDelete}
      />
    </li>
  );
}
