import type { EventItem, Note, Todo } from '@prodify/contract';
import { Link } from '@tanstack/react-router';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { formatShortDate, formatUsDate, parseLocalIsoDate } from '../../lib/dates';
import { EventLine, TodoCheck } from '../planner/cell-items';
import { groupByDay, isoDays } from '../planner/planner-data';
import { UPCOMING_DAYS } from './queries';

// The viewer's locale, as every date of the interface but the notes' (the spec's US date).
const DAY = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric' });

function Pending({ label }: { label: string }) {
  return <p className="empty">{label}</p>;
}

/** Overdue and today's open to-dos, each toggled in place. */
export function TodayTasks({ todos, today }: { todos: Todo[] | undefined; today: string }) {
  // Done here: they stay in the list (struck through, can be unticked) until the next visit.
  const [doneHere, setDoneHere] = useState<Todo[]>([]);
  if (!todos) return <Pending label="Loading tasks…" />;
  const open = new Set(todos.map((t) => t.id));
  const shown = [...todos, ...doneHere.filter((t) => !open.has(t.id))].sort(
    (a, b) => (a.due_date ?? '').localeCompare(b.due_date ?? '') || a.id - b.id,
  );
  if (shown.length === 0) return <p className="empty">Nothing due today.</p>;
  const onToggled = (saved: Todo) =>
    setDoneHere((done) =>
      saved.completed
        ? [...done.filter((t) => t.id !== saved.id), saved]
        : done.filter((t) => t.id !== saved.id),
    );
  return (
    <ul className="list today-tasks">
      {shown.map((todo) => (
        <li key={todo.id} className="list-item">
          <TodoCheck todo={todo} onToggled={onToggled} />
          {todo.due_date && todo.due_date < today ? (
            <span className="overdue-tag">
              <AlertTriangle size={14} aria-hidden="true" />
              Overdue: <time dateTime={todo.due_date}>{formatShortDate(todo.due_date)}</time>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Today's events and those of the next seven days, by day. */
export function UpcomingEvents({
  events,
  today,
}: {
  events: EventItem[] | undefined;
  today: string;
}) {
  if (!events) return <Pending label="Loading events…" />;
  const start = parseLocalIsoDate(today) ?? new Date();
  const byDay = groupByDay(events, []);
  const days = isoDays(start, UPCOMING_DAYS + 1).filter((d) => byDay.has(d));
  if (days.length === 0) return <p className="empty">No events this week.</p>;
  return (
    <ol className="agenda">
      {days.map((iso) => (
        <li key={iso} className="agenda-day" data-day={iso}>
          <h3 className="agenda-date">
            {iso === today ? 'Today' : DAY.format(parseLocalIsoDate(iso) ?? start)}
          </h3>
          <ul className="agenda-items">
            {(byDay.get(iso)?.events ?? []).map((event) => (
              <li key={`${event.id}-${iso}`} className="cell-event">
                <EventLine event={event} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** The five latest notes: title, date and the start of the text. */
export function LatestNotes({ notes }: { notes: Note[] | undefined }) {
  if (!notes) return <Pending label="Loading notes…" />;
  if (notes.length === 0) return <p className="empty">No notes yet.</p>;
  return (
    <>
      <ul className="list latest-notes">
        {notes.map((note) => (
          <li key={note.id} className="list-item latest-note">
            <span className="latest-note-title" dir="auto">
              {note.title}
            </span>
            <span className="muted">{formatUsDate(note.created_at)}</span>
            <span className="latest-note-text" dir="auto">
              {note.summary || note.content.slice(0, 140)}
            </span>
          </li>
        ))}
      </ul>
      <Link to="/note-history" className="text-link">
        All notes
      </Link>
    </>
  );
}
