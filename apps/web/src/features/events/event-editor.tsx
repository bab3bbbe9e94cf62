import { type CalendarEvent, type EventPatch, LIMITS } from '@prodify/contract';
import { useState } from 'react';
import { EditorForm } from '../../components/editor-form';
import { CountedInputField, InputField } from '../../components/field';
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

  return (
    <EditorForm name={`Edit event: ${event.title}`} onSubmit={submit} onCancel={onCancel}>
      <CountedInputField
        label="Title"
        required
        autoFocus
        max={LIMITS.eventTitleMax}
        value={title}
        error={errors.title}
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
    </EditorForm>
  );
}
