import type { Todo } from '@prodify/contract';
import { CalendarClock, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { ItemActions } from '../../components/item-actions';
import { Marked } from '../../components/marked';
import { formatShortDate } from '../../lib/dates';
import { toastFailure } from '../../lib/toast';
import { useItemActions } from '../trash/use-item-actions';
import { dueStatus } from './due-status';
import { useDeleteTodo, useEditTodo, useToggleTodo } from './queries';
import { TodoEditor } from './todo-editor';
import { PRIORITY_LABELS } from './todo-form';

export function TodoItem({ todo, terms = [] }: { todo: Todo; terms?: readonly string[] }) {
  const taskId = useId();
  const toggle = useToggleTodo();
  const remove = useDeleteTodo();
  const edit = useEditTodo();
  const actions = useItemActions({
    save: (patch) => edit.mutate({ id: todo.id, patch }),
    remove: { kind: 'todo', id: todo.id, mutation: remove },
  });
  // Shown as toggled while the change is saved and the list reloads.
  const completed = toggle.isPending ? !todo.completed : todo.completed;

  const onToggle = () => {
    if (toggle.isPending) return;
    toggle.mutate(todo, { onError: toastFailure('Failed to update task') });
  };

  if (actions.editing) {
    return (
      <li className="list-item todo editing">
        <TodoEditor todo={todo} {...actions.editor} />
      </li>
    );
  }

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
          <span className="todo-task" id={taskId} dir="auto">
            <Marked text={todo.task} terms={terms} />
          </span>
          <span className="todo-meta">
            {todo.due_date ? (
              <span className="muted">
                Due: <time dateTime={todo.due_date}>{formatShortDate(todo.due_date)}</time>
              </span>
            ) : null}
            {/* The spec's 'Priority: code', and the word beside it. */}
            <span className={`badge priority-${todo.priority}`}>
              Priority: {todo.priority} ({PRIORITY_LABELS[todo.priority]})
            </span>
            <DueMark status={dueStatus({ ...todo, completed })} />
          </span>
        </span>
      </label>
      <ItemActions
        noun="task"
        describedBy={taskId}
        deleting={remove.isPending}
        {...actions.buttons}
      />
    </li>
  );
}

/** "Overdue" / "Due today": a word and an icon, not a colour alone. */
function DueMark({ status }: { status: ReturnType<typeof dueStatus> }) {
  if (status === 'overdue') {
    return (
      <span className="badge due-mark overdue">
        <TriangleAlert size={14} aria-hidden="true" />
        Overdue
      </span>
    );
  }
  if (status === 'today') {
    return (
      <span className="badge due-mark due-today">
        <CalendarClock size={14} aria-hidden="true" />
        Due today
      </span>
    );
  }
  return null;
}
