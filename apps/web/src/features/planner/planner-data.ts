import type { EventItem, Todo } from '@prodify/contract';
import { parseLocalIsoDate, shortTime, toLocalIsoDate } from '../../lib/dates';

/** What a day needs of an event (the contract's `EventItem`: an event or an occurrence). */
type DayEvent = Pick<EventItem, 'id' | 'date' | 'time'>;
/** What a day needs of a to-do (the contract's `Todo`). */
type DayTodo = Pick<Todo, 'id' | 'due_date' | 'completed'>;

export interface DayItems<E extends DayEvent = EventItem, T extends DayTodo = Todo> {
  events: E[];
  todos: T[];
}

/** The local day `days` after `date` (negative: before); works across DST changes. */
export function addDays(date: Date, days: number): Date {
  const next = new Date(date.getTime());
  next.setFullYear(date.getFullYear(), date.getMonth(), date.getDate() + days);
  next.setHours(0, 0, 0, 0);
  return next;
}

/** `yyyy-mm-dd` + n days. */
export function shiftIso(iso: string, days: number): string {
  const date = parseLocalIsoDate(iso);
  return date ? toLocalIsoDate(addDays(date, days)) : iso;
}

/** Sunday..Saturday of the week that holds `date` (the month grid starts weeks on Sunday). */
export function weekDays(date: Date): Date[] {
  const sunday = addDays(date, -date.getDay());
  return Array.from({ length: 7 }, (_, i) => addDays(sunday, i));
}

/** The `count` days from `start`, as `yyyy-mm-dd`. */
export function isoDays(start: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => toLocalIsoDate(addDays(start, i)));
}

/** Sort key of an event within a day: untimed first, then by time (the API's order). */
function eventOrder(a: DayEvent, b: DayEvent): number {
  if (a.time === b.time) return a.id - b.id;
  if (a.time === null) return -1;
  if (b.time === null) return 1;
  return a.time < b.time ? -1 : 1;
}

/** Events and to-dos grouped by their local day; events in the API's order within a day. */
export function groupByDay<E extends DayEvent, T extends DayTodo>(
  events: readonly E[],
  todos: readonly T[],
): Map<string, DayItems<E, T>> {
  const days = new Map<string, DayItems<E, T>>();
  const day = (date: string) => {
    let items = days.get(date);
    if (!items) {
      items = { events: [], todos: [] };
      days.set(date, items);
    }
    return items;
  };
  for (const event of events) day(event.date).events.push(event);
  for (const todo of todos) if (todo.due_date) day(todo.due_date).todos.push(todo);
  for (const items of days.values()) items.events.sort(eventOrder);
  return days;
}

/** The days (`yyyy-mm-dd`) before `today` that have open to-dos due. */
export function overdueDays(todos: readonly DayTodo[], today: string): string[] {
  const days = new Set<string>();
  for (const t of todos) if (!t.completed && t.due_date && t.due_date < today) days.add(t.due_date);
  return [...days].sort();
}

/** `09:00`, `09:00–10:30`, or '' for an untimed event (an end of null, as a patch clears it: none). */
export function timeRange(event: Pick<EventItem, 'time'> & { end_time?: string | null }): string {
  if (!event.time) return '';
  return event.end_time
    ? `${shortTime(event.time)}–${shortTime(event.end_time)}`
    : shortTime(event.time);
}

/** Up to `max` items shown in a cell, and how many more there are. */
export function firstItems<T>(items: readonly T[], max = 3): { shown: T[]; more: number } {
  // With exactly max + 1 items, "+1 more" would take the place of the last one: show max.
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}

/** Minutes since midnight of `HH:MM[:SS]`. */
export function minutesOf(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}
