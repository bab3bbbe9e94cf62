import type { EventPatch, EventItem as Occurrence } from '@prodify/contract';
import { Pencil, Repeat } from 'lucide-react';
import { type MouseEvent, useId, useState } from 'react';
import { DeleteButton, IconButton } from '../../components/button';
import { eventLabel } from '../../lib/dates';
import { toastFailure } from '../../lib/toast';
import { useInPlaceEditor } from '../../lib/use-in-place-editor';
import { EventEditor } from './event-editor';
import { OccurrenceDialog } from './occurrence-dialog';
import { useEditEvent, usePatchOccurrence } from './queries';

interface EventItemProps {
  event: Occurrence;
  deleting: boolean;
  onDelete: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** One event of the day's list, with its Edit (in place) and Delete buttons. */
export function EventItem({ event, deleting, onDelete }: EventItemProps) {
  const labelId = useId();
  const edit = useEditEvent();
  const editOne = usePatchOccurrence();
  const editor = useInPlaceEditor();
  /** A change to one occurrence of a series, waiting for "This event" or "All events". */
  const [asking, setAsking] = useState<EventPatch | null>(null);

  const changeThis = (patch: EventPatch) =>
    editOne.mutate(
      {
        id: event.id,
        occurrence: event.occurrence ?? event.date,
        patch: { title: patch.title, date: patch.date, time: patch.time },
      },
      { onError: toastFailure('Failed to update event') },
    );
  // The series keeps its own first date: a moved day applies to this occurrence only.
  const changeAll = ({ date: _date, ...patch }: EventPatch) => {
    if (Object.keys(patch).length > 0) edit.mutate({ id: event.id, patch });
  };

  if (editor.editing) {
    return (
      <li className="list-item event editing">
        <EventEditor
          event={event}
          onCancel={editor.close}
          onSave={(patch) => {
            editor.close();
            if (Object.keys(patch).length === 0) return;
            if (event.recurring) setAsking(patch);
            else edit.mutate({ id: event.id, patch });
          }}
        />
      </li>
    );
  }

  return (
    <li className="list-item event">
      <OccurrenceDialog
        action={asking ? 'Change' : null}
        title={event.title}
        onClose={() => setAsking(null)}
        onThis={() => {
          if (asking) changeThis(asking);
          setAsking(null);
        }}
        onAll={() => {
          if (asking) changeAll(asking);
          setAsking(null);
        }}
      />
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
