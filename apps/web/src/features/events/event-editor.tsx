import { type CalendarEvent, type EventPatch, LIMITS } from '@prodify/contract';
import { Check, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../components/button';
import { charsLeftHint } from '../../components/char-count';
import { InputField } from '../../components/field';
import { Form } from '../../components/form';
import { shortTime } from '../../lib/dates';

interface EventEditorProps {
  event: CalendarEvent;
  /** Called with the changed fields (none when nothing changed). */
  onSave: (patch: EventPatch) => void;
  onCancel: () => void;
}

/** An event's editor, in place of the event: prefilled, Enter saves, Escape cancels. */
export function EventEditor({ event, onSave, onCancel }: EventEditorProps) {
  const [title, setTitle] = useState(event.title);
  const [date, setDate] = useState(event.date);
  const [time, setTime] = useState(event.time ? shortTime(event.time) : '');
  const [errors, setErrors] = useState<{ title?: string; date?: string }>({});
  const nameId = useId();

  const submit = () => {
    const next = {
      title: title.trim() ? '' : 'Please enter a title.',
      date: date ? '' : 'Please pick a date.',
    };
    if (next.title || next.date) {
      setErrors(next);
      return;
    }
    const patch: EventPatch = {};
    if (title.trim() !== event.title) patch.title = title.trim();
    if (date !== event.date) patch.date = date;
    const oldTime = event.time ? shortTime(event.time) : '';
    if (time !== oldTime) patch.time = time || null;
    onSave(patch);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onCancel();
    }
  };

  return (
    <Form
      busy={false}
      onSubmit={submit}
      noValidate
      className="in-place-editor"
      aria-labelledby={nameId}
      onKeyDown={onKeyDown}
    >
      <p id={nameId} className="sr-only">
        Edit event: {event.title}
      </p>
      <InputField
        label="Title"
        required
        autoFocus
        maxLength={LIMITS.eventTitleMax}
        value={title}
        error={errors.title}
        hint={charsLeftHint(title, LIMITS.eventTitleMax)}
        liveHint
        fieldClassName="counted"
        onChange={(value) => {
          setTitle(value);
          setErrors((er) => ({ ...er, title: '' }));
        }}
      />
      <div className="form-row">
        <InputField
          label="Date"
          type="date"
          required
          value={date}
          error={errors.date}
          onChange={(value) => {
            setDate(value);
            setErrors((er) => ({ ...er, date: '' }));
          }}
        />
        <InputField label="Time (optional)" type="time" value={time} onChange={setTime} />
      </div>
      <div className="editor-actions">
        <Button type="submit" icon={<Check size={16} aria-hidden="true" />}>
          Save
        </Button>
        <Button variant="secondary" icon={<X size={16} aria-hidden="true" />} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
