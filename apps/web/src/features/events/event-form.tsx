import { LIMITS } from '@prodify/contract';
import { CalendarPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { isSessionExpired } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useCreateEvent } from './queries';

export function EventForm({ date }: { date: string }) {
  const [title, setTitle] = useState('');
  const [time, setTime] = useState('');
  const [titleError, setTitleError] = useState('');
  const create = useCreateEvent();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    if (title.trim() === '') {
      setTitleError('Please enter a title.');
      return;
    }
    create.mutate(
      { title, date, time },
      {
        onSuccess: () => {
          setTitle('');
          setTime('');
        },
        onError: (error) => {
          if (!isSessionExpired(error)) toast.error('Failed to add event');
        },
      },
    );
  };

  return (
    <form className="form event-form" onSubmit={submit} noValidate>
      <Field label="New event title" error={titleError}>
        {(control) => (
          <input
            {...control}
            type="text"
            required
            maxLength={LIMITS.eventTitleMax}
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              if (titleError) setTitleError('');
            }}
          />
        )}
      </Field>
      <Field label="Time (optional)">
        {(control) => (
          <input {...control} type="time" value={time} onChange={(e) => setTime(e.target.value)} />
        )}
      </Field>
      <Button
        type="submit"
        busy={create.isPending}
        icon={<CalendarPlus size={16} aria-hidden="true" />}
      >
        Add Event
      </Button>
    </form>
  );
}
