import type { EventItem, Todo } from '@prodify/contract';
import { AlertTriangle, Repeat } from 'lucide-react';
import { toastFailure } from '../../lib/toast';
import { useToggleTodo } from '../todos/queries';
import { type DayItems, firstItems, timeRange } from './planner-data';

type Item = { kind: 'event'; event: EventItem } | { kind: 'todo'; todo: Todo };

/** One event as a line: its time (or range), then its title; a mark for a repeating one. */
export function EventLine({ event }: { event: EventItem }) {
  const time = timeRange(event);
  return (
    <>
      {time ? <span className="item-time">{time}</span> : null}
      <span className="item-title" dir="auto">
        {event.title}
      </span>
      {event.recurring ? (
        <Repeat className="item-repeat" size={12} aria-label="repeats" role="img" />
      ) : null}
    </>
  );
}

/** A to-do due that day, with its checkbox (toggled in place). */
export function TodoCheck({
  todo,
  tabbable = true,
  onToggled,
}: {
  todo: Todo;
  tabbable?: boolean;
  /** Told the saved state after a successful toggle. */
  onToggled?: (saved: Todo) => void;
}) {
  const toggle = useToggleTodo();
  const completed = toggle.isPending ? !todo.completed : todo.completed;
  return (
    <label className={completed ? 'item-todo done' : 'item-todo'}>
      <input
        type="checkbox"
        checked={completed}
        tabIndex={tabbable ? undefined : -1}
        aria-busy={toggle.isPending || undefined}
        onChange={() => {
          if (toggle.isPending) return;
          toggle.mutate(todo, {
            onSuccess: (saved) => onToggled?.(saved),
            onError: toastFailure('Failed to update task'),
          });
        }}
      />
      <span className="item-title" dir="auto">
        {todo.task}
      </span>
    </label>
  );
}

/**
 * What a month cell shows: up to three items (events first, then to-dos), then "+N more".
 * The cell's checkboxes are not tab stops (a month would have dozens): the keyboard toggles
 * to-dos in the day panel, which lists the same ones.
 */
export function CellItems({ items, overdue }: { items: DayItems; overdue: boolean }) {
  const all: Item[] = [
    ...items.events.map((event) => ({ kind: 'event' as const, event })),
    ...items.todos.map((todo) => ({ kind: 'todo' as const, todo })),
  ];
  const { shown, more } = firstItems(all);
  return (
    <div className="cell-items">
      {overdue ? (
        <span className="cell-overdue">
          <AlertTriangle size={12} aria-hidden="true" />
          <span>Overdue</span>
        </span>
      ) : null}
      <ul>
        {shown.map((item) =>
          item.kind === 'event' ? (
            <li key={`e${item.event.id}-${item.event.date}`} className="cell-event">
              <EventLine event={item.event} />
            </li>
          ) : (
            <li key={`t${item.todo.id}`} className="cell-todo">
              <TodoCheck todo={item.todo} tabbable={false} />
            </li>
          ),
        )}
        {more > 0 ? <li className="cell-more">+{more} more</li> : null}
      </ul>
    </div>
  );
}
