import { LIMITS, type Priority, type Todo, type TodoPatch } from '@prodify/contract';
import { useState } from 'react';
import { EditorForm } from '../../components/editor-form';
import { CountedInputField } from '../../components/field';
import { DueAndPriority } from './todo-form';

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

  return (
    <EditorForm
      name={`Edit task: ${todo.task}`}
      className="todo-editor"
      onSubmit={submit}
      onCancel={onCancel}
    >
      <CountedInputField
        label="Task"
        required
        autoFocus
        max={LIMITS.taskMax}
        value={task}
        error={error}
        onChange={(value) => {
          setTask(value);
          setError('');
        }}
      />
      <DueAndPriority
        dueDate={dueDate}
        priority={priority}
        onDueDate={setDueDate}
        onPriority={setPriority}
      />
    </EditorForm>
  );
}
