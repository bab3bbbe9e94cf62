import type { TodoSort } from '@prodify/contract';
import { useId } from 'react';
import type { TodoShow, TodoView } from './queries';

const SHOW: { value: TodoShow; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'done', label: 'Done' },
];

export const SORTS: { value: TodoSort; label: string }[] = [
  { value: 'due_date', label: 'Due date' },
  { value: '-due_date', label: 'Due date, latest first' },
  { value: '-priority', label: 'Priority, high first' },
  { value: 'priority', label: 'Priority, low first' },
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
];

interface TodoFiltersProps {
  view: TodoView;
  onChange: (view: TodoView) => void;
}

/** Which tasks the list shows (all, open, done) and in which order. */
export function TodoFilters({ view, onChange }: TodoFiltersProps) {
  const sortId = useId();
  return (
    <div className="list-toolbar">
      <fieldset className="segmented">
        <legend className="sr-only">Show</legend>
        {SHOW.map(({ value, label }) => (
          <label key={value} className="segment">
            <input
              type="radio"
              name="todo-show"
              value={value}
              checked={view.show === value}
              onChange={() => onChange({ ...view, show: value })}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <div className="sort-field">
        <label htmlFor={sortId}>Sort by</label>
        <select
          id={sortId}
          value={view.sort}
          onChange={(e) => onChange({ ...view, sort: e.target.value as TodoSort })}
        >
          {SORTS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
