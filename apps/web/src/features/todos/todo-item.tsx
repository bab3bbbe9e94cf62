import type { Todo } from '@prodify/contract';
import { useId } from 'react';
import { DeleteButton } from '../../components/button';
import { toastFailure } from '../../lib/toast';
import { useDeleteTodo, useToggleTodo } from './queries';

export function TodoItem({ todo }: { todo: Todo }) {
  const taskId = useId();
  const toggle = useToggleTodo();
  const remove = useDeleteTodo();
  // Shown as toggled while the change is saved and the list reloads.
  const completed = toggle.isPending ? !todo.completed : todo.completed;

  const onToggle = () => {
    if (toggle.isPending) return;
    toggle.mutate(todo, { onError: toastFailure('Failed to update task') });
  };

  return (
    <li className={completed ? 'list-item todo done' : 'list-item todo'}>
      {/* The whole item is the checkbox's label: clicking anywhere on it toggles completion. */}
      <label className="todo-main">
        <input
          type="checkbox"
          checked={completed}
          aria-busy={toggle.isPending || undefined}
          onChange={onToggle}
        />
        <span className="todo-text">
          <span className="todo-task" id={taskId}>
            {todo.task}
          </span>
          <span className="todo-meta">
            {todo.due_date ? <span className="muted">Due: {todo.due_date}</span> : null}
            <span className={`badge priority-${todo.priority}`}>Priority: {todo.priority}</span>
          </span>
        </span>
      </label>
      <DeleteButton
        label="Delete task"
        busy={remove.isPending}
        describedBy={taskId}
        onClick={() => remove.mutate(todo.id, { onError: toastFailure('Failed to delete task') })}
      />
    </li>
  );
}
