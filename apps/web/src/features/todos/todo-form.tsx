import { DEFAULT_PRIORITY, LIMITS, type Priority } from '@prodify/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { SubmitButton } from '../../components/button';
import { Card } from '../../components/card';
import { CountedInputField, Field, InputField } from '../../components/field';
import { Form } from '../../components/form';
import { toast, toastFailure } from '../../lib/toast';
import { useRequiredText } from '../../lib/use-required-text';
import { useCreateTodo } from './queries';

export const PRIORITY_LABELS: Record<Priority, string> = { L: 'Low', M: 'Medium', H: 'High' };

/** `onCreated` runs after a task is added (the list clears its search, so the task shows). */
export function TodoForm({ onCreated }: { onCreated?: () => void } = {}) {
  const task = useRequiredText('Please enter a task.');
  const [dueDate, setDueDate] = useState('');
  const [priority, setPriority] = useState<Priority>(DEFAULT_PRIORITY);
  const create = useCreateTodo();

  const submit = () => {
    if (!task.validate()) return;
    return create.mutateAsync(
      // An empty due date is sent as null: the original API's "no due date".
      { task: task.value.trim(), due_date: dueDate || null, priority },
      {
        onSuccess: () => {
          toast.success('Task added!');
          task.clear();
          setDueDate('');
          setPriority(DEFAULT_PRIORITY);
          onCreated?.();
        },
        onError: toastFailure('Failed to add task'),
      },
    );
  };

  return (
    <Card title="New task" className="form-card">
      <Form busy={create.isPending} onSubmit={submit} noValidate>
        <CountedInputField label="Task" required max={LIMITS.taskMax} {...task.field} />
        <DueAndPriority
          dueDate={dueDate}
          priority={priority}
          onDueDate={setDueDate}
          onPriority={setPriority}
        />
        <SubmitButton busy={create.isPending} icon={Plus}>
          Submit
        </SubmitButton>
      </Form>
    </Card>
  );
}

interface DueAndPriorityProps {
  dueDate: string;
  priority: Priority;
  onDueDate: (value: string) => void;
  onPriority: (value: Priority) => void;
}

/** A task's due date and priority, side by side: in the new-task form and in the editor. */
export function DueAndPriority({ dueDate, priority, onDueDate, onPriority }: DueAndPriorityProps) {
  return (
    <div className="form-row">
      <InputField label="Due Date" type="date" value={dueDate} onChange={onDueDate} />
      <Field label="Priority">
        {(control) => (
          <select
            {...control}
            value={priority}
            onChange={(e) => onPriority(e.target.value as Priority)}
          >
            {(Object.keys(PRIORITY_LABELS) as Priority[]).map((p) => (
              <option key={p} value={p}>
                {PRIORITY_LABELS[p]}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
