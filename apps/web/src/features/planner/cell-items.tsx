import type { EventItem, Todo } from '@prodify/contract';
import { AlertTriangle, Repeat } from 'lucide-react';
import { eventLabel, shortTime } from '../../lib/dates';
import { toastFailure } from '../../lib/toast';
import { useToggleTodo } from '../todos/queries';
import { type DayItems, firstItems } from './planner-data';

type Item = { kind: 'event'; event: EventItem } | { kind: 'todo'; todo: Todo };

/**
 * One event as a line: its time (start and end), its title, a mark for a repeating one. In the
 * month and week grids (`titleFirst`) the title leads, and the mark, the start and the end are
 * pieces that a narrow cell drops to a hidden second line, the end first (ADR 0512).
 */
export function EventLine({
  event,
  titleFirst = false,
}: {
  event: EventItem;
  titleFirst?: boolean;
}) {
  const title = (
    <span className="item-title" dir="auto">
      {event.title}
    </span>
  );
  const times = event.time ? (
    <>
      <span className="item-time">{shortTime(event.time)}</span>
      {event.end_time ? (
        <span className="item-time item-end">–{shortTime(event.end_time)}</span>
      ) : null}
    </>
  ) : null;
  const mark = event.recurring ? (
    <Repeat className="item-repeat" size={12} aria-label="repeats" role="img" />
  ) : null;
  return titleFirst ? (
    <>
      {title}
      {mark}
      {times}
    </>
  ) : (
    <>
      {times}
      {title}
      {mark}
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
            <li
              key={`e${item.event.id}-${item.event.date}`}
              className="cell-event"
              title={eventLabel(item.event)}
            >
              <EventLine event={item.event} titleFirst />
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
