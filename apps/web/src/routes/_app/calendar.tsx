import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { startTransition, useState } from 'react';
import { QueryBoundary } from '../../components/query-boundary';
import { DrillCalendar } from '../../features/events/drill-calendar';
import { EventForm } from '../../features/events/event-form';
import { EventList } from '../../features/events/event-list';
import { eventDaysQuery, eventsOnDayQuery } from '../../features/events/queries';
import { firstOfMonth, monthRange, toLocalIsoDate } from '../../lib/dates';
import { useTitle } from '../../lib/use-title';

function startOfToday(): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

export const Route = createFileRoute('/_app/calendar')({
  loader: ({ context }) => {
    const today = startOfToday();
    const { from, to } = monthRange(today);
    void context.queryClient.prefetchQuery(eventDaysQuery(from, to));
    return context.queryClient
      .ensureQueryData(eventsOnDayQuery(toLocalIsoDate(today)))
      .catch(() => undefined);
  },
  component: CalendarPage,
});

function CalendarPage() {
  useTitle('Calendar');
  const [selected, setSelected] = useState(startOfToday);
  const [month, setMonth] = useState(() =>
    firstOfMonth(selected.getFullYear(), selected.getMonth()),
  );
  // The LOCAL date of the picked day (decisions §3.3), for the panel and for `?date=`.
  const date = toLocalIsoDate(selected);
  const { from, to } = monthRange(month);
  const eventDays = useQuery(eventDaysQuery(from, to));

  return (
    <div className="page">
      <h1 className="page-title">Calendar</h1>
      <div className="calendar-layout">
        <section className="card calendar-card" aria-label="Pick a date">
          <DrillCalendar
            selected={selected}
            onSelect={(day) => startTransition(() => setSelected(day))}
            month={month}
            onMonthChange={setMonth}
            eventDays={eventDays.data}
          />
        </section>
        <section className="card events-card" aria-labelledby="events-title">
          <h2 className="card-title" id="events-title" aria-live="polite">
            Events on {date}
          </h2>
          <QueryBoundary key={date} errorMessage="Failed to load events">
            <EventList date={date} />
          </QueryBoundary>
          <EventForm date={date} />
        </section>
      </div>
    </div>
  );
}
