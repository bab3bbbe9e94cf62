import { LIMITS } from '@prodify/contract';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { SubmitButton } from '../../components/button';
import { InputField } from '../../components/field';
import { Form } from '../../components/form';
import { toastFailure } from '../../lib/toast';
import { useRequiredText } from '../../lib/use-required-text';
import { EventTimeFields } from './event-time-fields';
import { endTimeError } from './event-times';
import { useCreateEvent } from './queries';
import { type CustomRepeat, DEFAULT_CUSTOM, type RepeatChoice, toRrule } from './repeat';
import { RepeatField } from './repeat-field';

export function EventForm({ date }: { date: string }) {
  const title = useRequiredText('Please enter a title.');
  const [time, setTime] = useState('');
  const [end, setEnd] = useState('');
  const [endError, setEndError] = useState('');
  const [repeat, setRepeat] = useState<RepeatChoice>('none');
  const [custom, setCustom] = useState<CustomRepeat>(DEFAULT_CUSTOM);
  const create = useCreateEvent();

  const submit = () => {
    if (!title.validate()) return;
    const endTime = time ? end : '';
    const endProblem = endTimeError(time, endTime);
    if (endProblem) {
      setEndError(endProblem);
      return;
    }
    const rrule = toRrule(repeat, date, custom);
    return create.mutateAsync(
      // An empty time is sent as null (an all-day event, as the original API stores it); end_time and rrule only when set, so a plain
      // event's body is the original one.
      {
        title: title.value.trim(),
        date,
        time: time || null,
        ...(endTime ? { end_time: endTime } : {}),
        ...(rrule ? { rrule } : {}),
      },
      {
        onSuccess: () => {
          title.clear();
          setTime('');
          setEnd('');
          setRepeat('none');
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
      <EventTimeFields
        time={time}
        end={end}
        endError={endError}
        onTime={setTime}
        onEnd={(value) => {
          setEnd(value);
          setEndError('');
        }}
      />
      <RepeatField
        date={date}
        choice={repeat}
        onChoice={setRepeat}
        custom={custom}
        onCustom={setCustom}
      />
      <SubmitButton busy={create.isPending} icon={CalendarPlus}>
        Add Event
      </SubmitButton>
    </Form>
  );
}
