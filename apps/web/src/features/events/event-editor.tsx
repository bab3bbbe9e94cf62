import { type CalendarEvent, type EventPatch, LIMITS } from '@prodify/contract';
import { useEffect, useRef, useState } from 'react';
import { EditorForm } from '../../components/editor-form';
import { CountedInputField, InputField } from '../../components/field';
import { fieldErrorsOf } from '../../lib/field-errors';
import { toastFailure } from '../../lib/toast';
import { draftOf, type EventDraft, eventPatch } from './event-patch';
import { EventTimeFields } from './event-time-fields';
import { endAfter, endTimeError, spanOf } from './event-times';
import { RepeatField } from './repeat-field';

/** The fields that show an error beside them; anything else the server says shows below. */
const FIELDS = ['title', 'date', 'time', 'end_time', 'rrule'] as const;
type Errors = Partial<Record<(typeof FIELDS)[number] | 'other', string>>;

interface EventEditorProps {
  event: CalendarEvent;
  /**
   * Sends the changed fields (only when some changed): resolves true once saved, false when
   * the user stepped back (the "This event / All events" question cancelled), and rejects with
   * the request's error.
   */
  onSave: (patch: EventPatch) => Promise<boolean>;
  /** Closes the editor: after a save, on Cancel and on Escape. */
  onClose: () => void;
}

/**
 * An event's editor, in place of the event: every field the create form has, prefilled. A new
 * start moves the end with it (the event keeps its length). It stays open until the server has
 * saved; a refusal shows the server's words beside their fields, the user's text kept (ADR 0511).
 */
export function EventEditor({ event, onSave, onClose }: EventEditorProps) {
  const [draft, setDraft] = useState<EventDraft>(() => draftOf(event));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  /** The event's length in minutes, kept while the start moves (and while it is emptied). */
  const span = useRef(spanOf(draft.time, draft.end));

  // A refused save puts the focus on the first field it names.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const change = (fields: Partial<EventDraft>, clear: keyof Errors) => {
    setDraft((d) => ({ ...d, ...fields }));
    setErrors((e) => ({ ...e, [clear]: '', other: '' }));
  };

  const submit = () => {
    const found: Errors = {};
    if (!draft.title.trim()) found.title = 'Please enter a title.';
    if (!draft.date) found.date = 'Please pick a date.';
    const endProblem = endTimeError(draft.time, draft.time ? draft.end : '');
    if (endProblem) found.end_time = endProblem;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    const patch = eventPatch(event, draft);
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    return onSave(patch).then(
      (saved) => {
        setSaving(false);
        if (saved) onClose();
      },
      (error: unknown) => {
        setSaving(false);
        const fields = fieldErrorsOf(error);
        if (!fields) {
          toastFailure('Failed to update event')(error);
          return;
        }
        const shown: Errors = {};
        for (const [field, message] of Object.entries(fields)) {
          const known = FIELDS.find((f) => f === field);
          if (known) shown[known] = message;
          else shown.other = shown.other ? `${shown.other} ${message}` : message;
        }
        setErrors(shown);
      },
    );
  };

  return (
    <EditorForm
      name={`Edit event: ${event.title}`}
      formRef={form}
      busy={saving}
      onSubmit={submit}
      onCancel={onClose}
    >
      <CountedInputField
        label="Title"
        required
        autoFocus
        max={LIMITS.eventTitleMax}
        value={draft.title}
        error={errors.title}
        onChange={(title) => change({ title }, 'title')}
      />
      <InputField
        label="Date"
        type="date"
        required
        value={draft.date}
        error={errors.date}
        onChange={(date) => change({ date }, 'date')}
      />
      <EventTimeFields
        time={draft.time}
        end={draft.end}
        timeError={errors.time}
        endError={errors.end_time}
        onTime={(time) => {
          // As calendars do: the end moves with the start, unless it would pass midnight.
          const end = endAfter(time, span.current) ?? draft.end;
          change({ time, end }, 'time');
          setErrors((e) => ({ ...e, end_time: '' }));
        }}
        onEnd={(end) => {
          span.current = spanOf(draft.time, end);
          change({ end }, 'end_time');
        }}
      />
      <RepeatField
        date={draft.date || event.date}
        choice={draft.repeat.choice}
        onChoice={(choice) => change({ repeat: { ...draft.repeat, choice } }, 'rrule')}
        custom={draft.repeat.custom}
        onCustom={(custom) => change({ repeat: { ...draft.repeat, custom } }, 'rrule')}
        error={errors.rrule}
      />
      {errors.other ? (
        <p className="form-message error" role="alert">
          {errors.other}
        </p>
      ) : null}
    </EditorForm>
  );
}
