import { LIMITS, type Priority, type Todo, type TodoPatch } from '@prodify/contract';
import { Check, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../components/button';
import { charsLeftHint } from '../../components/char-count';
import { Field, InputField } from '../../components/field';
import { Form } from '../../components/form';
import { PRIORITY_LABELS } from './todo-form';

interface TodoEditorProps {
  todo: Todo;
  /** Called with the changed fields (none when nothing changed). */
  onSave: (patch: TodoPatch) => void;
  onCancel: () => void;
}

/** A task's editor, in place of the task: prefilled, Enter saves, Escape cancels. */
export function TodoEditor({ todo, onSave, onCancel }: TodoEditorProps) {
  const [task, setTask] = useState(todo.task);
  const [dueDate, setDueDate] = useState(todo.due_date ?? '');
  const [priority, setPriority] = useState<Priority>(todo.priority);
  const [error, setError] = useState('');
  const nameId = useId();

  const submit = () => {
    if (!task.trim()) {
      setError('Please enter a task.');
      return;
    }
    const patch: TodoPatch = {};
    if (task.trim() !== todo.task) patch.task = task.trim();
    if ((dueDate || null) !== todo.due_date) patch.due_date = dueDate || null;
    if (priority !== todo.priority) patch.priority = priority;
    onSave(patch);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <Form
      busy={false}
      onSubmit={submit}
      noValidate
      className="in-place-editor todo-editor"
      aria-labelledby={nameId}
      onKeyDown={onKeyDown}
    >
      <p id={nameId} className="sr-only">
        Edit task: {todo.task}
      </p>
      <InputField
        label="Task"
        required
        autoFocus
        maxLength={LIMITS.taskMax}
        value={task}
        error={error}
        hint={charsLeftHint(task, LIMITS.taskMax)}
        liveHint
        fieldClassName="counted"
        onChange={(value) => {
          setTask(value);
          setError('');
        }}
      />
      <div className="form-row">
        <InputField label="Due Date" type="date" value={dueDate} onChange={setDueDate} />
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
