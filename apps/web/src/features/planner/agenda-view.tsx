import { parseLocalIsoDate } from '../../lib/dates';
import { EventLine, TodoCheck } from './cell-items';
import type { DayItems } from './planner-data';

const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

interface AgendaViewProps {
  days: string[];
  today: string;
  items: Map<string, DayItems>;
  onSelect: (day: Date) => void;
}

/** The days of the range that have something, as a list; each day's heading opens it. */
export function AgendaView({ days, today, items, onSelect }: AgendaViewProps) {
  const busy = days.filter((d) => {
    const day = items.get(d);
    return day && (day.events.length > 0 || day.todos.length > 0);
  });
  if (busy.length === 0) return <p className="empty">Nothing planned in these 30 days.</p>;
  return (
    <ol className="agenda">
      {busy.map((iso) => {
        const date = parseLocalIsoDate(iso);
        const day = items.get(iso);
        if (!date || !day) return null;
        return (
          <li key={iso} className="agenda-day" data-day={iso}>
            <h3 className="agenda-date">
              <button type="button" className="link-button" onClick={() => onSelect(date)}>
                {iso === today ? 'Today, ' : ''}
                {DAY.format(date)}
              </button>
            </h3>
            <ul className="agenda-items">
              {day.events.map((event) => (
                <li key={`e${event.id}`} className="cell-event">
                  <EventLine event={event} />
                </li>
              ))}
              {day.todos.map((todo) => (
                <li key={`t${todo.id}`} className="cell-todo">
                  <TodoCheck todo={todo} />
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
