import type { EventItem } from '@prodify/contract';
import { type CSSProperties, type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { eventLabel, toLocalIsoDate } from '../../lib/dates';
import { EventLine, TodoCheck } from './cell-items';
import { addDays, type DayItems, minutesOf } from './planner-data';

const HEADER = new Intl.DateTimeFormat('en-US', { weekday: 'short', day: 'numeric' });
const FULL = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const HOUR = 60;

interface WeekViewProps {
  days: Date[];
  selected: string;
  today: string;
  items: Map<string, DayItems>;
  onSelect: (day: Date) => void;
}

/** The hours the time grid spans: 08–18 at least, widened to fit every timed event. */
function hourSpan(events: EventItem[]): { first: number; last: number } {
  let first = 8;
  let last = 18;
  for (const e of events) {
    if (!e.time) continue;
    first = Math.min(first, Math.floor(minutesOf(e.time) / HOUR));
    const end = e.end_time ? minutesOf(e.end_time) : minutesOf(e.time) + HOUR;
    last = Math.max(last, Math.ceil(end / HOUR));
  }
  return { first, last: Math.min(last, 24) };
}

/**
 * Seven columns: each day's untimed events and due to-dos on top, then its timed events placed
 * by time (one hour tall without an end time). Left/Right move between the days, Home/End to
 * the ends of the week, Enter picks one.
 */
export function WeekView({ days, selected, today, items, onSelect }: WeekViewProps) {
  const headers = useRef<Array<HTMLButtonElement | null>>([]);
  const listsId = useId();
  const isoDays = days.map(toLocalIsoDate);
  const timed = isoDays.flatMap((d) => (items.get(d)?.events ?? []).filter((e) => e.time));
  const { first, last } = hourSpan(timed);
  const span = (last - first) * HOUR;
  const selectedIndex = Math.max(0, isoDays.indexOf(selected));

  /** A day reached with the keyboard takes the focus (in the next week too). */
  const keyboardMove = useRef(false);
  useEffect(() => {
    if (!keyboardMove.current) return;
    keyboardMove.current = false;
    headers.current[selectedIndex]?.focus();
  }, [selected, selectedIndex]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowLeft: -1,
      ArrowRight: 1,
      Home: -index,
      End: 6 - index,
    };
    const by = moves[event.key];
    if (by === undefined) return;
    event.preventDefault();
    keyboardMove.current = true;
    const base = days[index];
    if (base) onSelect(addDays(base, by));
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of days, not a form's fieldset.
    <div
      className="week-view"
      role="group"
      aria-label={`Week of ${FULL.format(days[0] ?? new Date())}`}
    >
      {/* The hours beside the grid; each event says its own time to a screen reader. */}
      <ol
        className="week-hours"
        aria-hidden="true"
        style={{ '--hours': last - first } as CSSProperties}
      >
        {Array.from({ length: last - first }, (_, h) => (
          <li key={first + h}>{`${String(first + h).padStart(2, '0')}:00`}</li>
        ))}
      </ol>
      {days.map((day, i) => {
        const iso = isoDays[i] ?? '';
        const dayItems = items.get(iso);
        const untimed = dayItems?.events.filter((e) => !e.time) ?? [];
        const dayTimed = dayItems?.events.filter((e) => e.time) ?? [];
        // The day's lists describe its header: a title cut short is read in full on focus.
        const topId = `${listsId}-${i}-top`;
        const timesId = `${listsId}-${i}-times`;
        return (
          <div
            key={iso}
            className="week-day"
            style={{ '--column': i + 2 } as CSSProperties}
            data-day={iso}
            data-today={iso === today || undefined}
          >
            <button
              type="button"
              ref={(el) => {
                headers.current[i] = el;
              }}
              className={iso === selected ? 'week-day-head selected' : 'week-day-head'}
              tabIndex={i === selectedIndex ? 0 : -1}
              aria-pressed={iso === selected}
              // The visible "Sun 22" starts the name (WCAG 2.5.3).
              aria-label={`${HEADER.format(day)}${iso === today ? ', today' : ''}, ${FULL.format(day)}`}
              aria-describedby={dayItems ? `${topId} ${timesId}` : undefined}
              onClick={() => onSelect(day)}
              onKeyDown={(event) => onKeyDown(event, i)}
            >
              {HEADER.format(day)}
            </button>
            <ul className="week-top" id={topId}>
              {untimed.map((event) => (
                <li key={`e${event.id}`} className="cell-event" title={eventLabel(event)}>
                  <EventLine event={event} titleFirst />
                </li>
              ))}
              {(dayItems?.todos ?? []).map((todo) => (
                <li key={`t${todo.id}`} className="cell-todo">
                  <TodoCheck todo={todo} />
                </li>
              ))}
            </ul>
            <ul
              className="week-times"
              id={timesId}
              style={{ '--hours': last - first } as CSSProperties}
            >
              {dayTimed.map((event) => {
                const start = minutesOf(event.time ?? '00:00') - first * HOUR;
                const end = event.end_time
                  ? minutesOf(event.end_time) - first * HOUR
                  : start + HOUR;
                return (
                  <li
                    key={`e${event.id}`}
                    className="week-event"
                    title={eventLabel(event)}
                    style={
                      {
                        '--top': `${(start / span) * 100}%`,
                        '--length': `${(Math.max(end - start, 30) / span) * 100}%`,
                      } as CSSProperties
                    }
                  >
                    <EventLine event={event} titleFirst />
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
