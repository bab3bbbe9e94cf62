import { createFileRoute } from '@tanstack/react-router';
import { QueryBoundary } from '../../components/query-boundary';
import { EventForm } from '../../features/events/event-form';
import { EventList } from '../../features/events/event-list';
import { eventsOnDayQuery } from '../../features/events/queries';
import { DayTodos } from '../../features/planner/day-todos';
import { PlannerViews, startOfToday, usePlanner } from '../../features/planner/planner';
import { prefetchRange } from '../../features/planner/queries';
import { formatLongDate, monthRange, toLocalIsoDate } from '../../lib/dates';
import { useTitle } from '../../lib/use-title';

export const Route = createFileRoute('/_app/calendar')({
  loader: ({ context }) => {
    const today = startOfToday();
    const { from, to } = monthRange(today);
    prefetchRange(context.queryClient, from, to);
    return context.queryClient
      .ensureQueryData(eventsOnDayQuery(toLocalIsoDate(today)))
      .catch(() => undefined);
  },
  component: CalendarPage,
});

function CalendarPage() {
  useTitle('Calendar');
  const planner = usePlanner();
  // The LOCAL date of the picked day (ADR 0203: a day is the user's local day, never UTC's), for the panel and for `?date=`.
  const date = toLocalIsoDate(planner.selected);

  return (
    <div className="page page-wide">
      <h1 className="page-title">Calendar</h1>
      <div className="calendar-layout">
        <section className="card calendar-card" aria-label="Pick a date" data-view={planner.view}>
          <PlannerViews planner={planner} />
        </section>
        <section className="card events-card" aria-labelledby="events-title">
          <h2 className="card-title" id="events-title" aria-live="polite">
            Events on <time dateTime={date}>{formatLongDate(date)}</time>
          </h2>
          <QueryBoundary key={date} errorMessage="Failed to load events">
            <EventList date={date} />
          </QueryBoundary>
          <EventForm date={date} />
          <DayTodos date={date} todos={planner.todos} />
        </section>
      </div>
    </div>
  );
}
