import { DEFAULT_PRIORITY, LIMITS, type Priority } from '@prodify/contract';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Field } from '../../components/field';
import { isSessionExpired } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useCreateTodo } from './queries';

export const PRIORITY_LABELS: Record<Priority, string> = { L: 'Low', M: 'Medium', H: 'High' };

export function TodoForm() {
  const [task, setTask] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [priority, setPriority] = useState<Priority>(DEFAULT_PRIORITY);
  const [taskError, setTaskError] = useState('');
  const create = useCreateTodo();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    if (task.trim() === '') {
      setTaskError('Please enter a task.');
      return;
    }
    create.mutate(
      { task, dueDate, priority },
      {
        onSuccess: () => {
          toast.success('Task added!');
          setTask('');
          setDueDate('');
          setPriority(DEFAULT_PRIORITY);
        },
        onError: (error) => {
          if (!isSessionExpired(error)) toast.error('Failed to add task');
        },
      },
    );
  };

  return (
    <Card title="New task" labelledBy="new-task-title" className="form-card">
      <form className="form" onSubmit={submit} noValidate>
        <Field label="Task" error={taskError}>
          {(control) => (
            <input
              {...control}
              type="text"
              required
              maxLength={LIMITS.taskMax}
              value={task}
              onChange={(e) => {
                setTask(e.target.value);
                if (taskError) setTaskError('');
              }}
            />
          )}
        </Field>
        <div className="form-row">
          <Field label="Due Date">
            {(control) => (
              <input
                {...control}
                type="date"
                value={dueDate}
                onChange={(e) => setDueDate(e.target.value)}
              />
            )}
          </Field>
          <Field label="Priority">
            {(control) => (
              <select
                {...control}
                value={priority}
                onChange={(e) => setPriority(e.target.value as Priority)}
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
        <Button type="submit" busy={create.isPending} icon={<Plus size={16} aria-hidden="true" />}>
          Submit
        </Button>
      </form>
    </Card>
  );
}
