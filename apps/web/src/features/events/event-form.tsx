import { LIMITS } from '@prodify/contract';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { SubmitButton } from '../../components/button';
import { InputField } from '../../components/field';
import { Form } from '../../components/form';
import { toastFailure } from '../../lib/toast';
import { useRequiredText } from '../../lib/use-required-text';
import { useCreateEvent } from './queries';

export function EventForm({ date }: { date: string }) {
  const title = useRequiredText('Please enter a title.');
  const [time, setTime] = useState('');
  const create = useCreateEvent();

  const submit = () => {
    if (!title.validate()) return;
    create.mutate(
      // An empty time is sent as null (spec §5).
      { title: title.value.trim(), date, time: time || null },
      {
        onSuccess: () => {
          title.clear();
          setTime('');
        },
        onError: toastFailure('Failed to add event'),
      },
    );
  };

  return (
    <Form className="event-form" busy={create.isPending} onSubmit={submit} noValidate>
      <InputField
        label="New event title"
        required
        maxLength={LIMITS.eventTitleMax}
        {...title.field}
      />
      <InputField label="Time (optional)" type="time" value={time} onChange={setTime} />
      <SubmitButton busy={create.isPending} icon={CalendarPlus}>
        Add Event
      </SubmitButton>
    </Form>
  );
}
