import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { QueryBoundary } from '../../components/query-boundary';
import { EventForm } from '../../features/events/event-form';
import { EventList } from '../../features/events/event-list';
import { eventsOnDayQuery } from '../../features/events/queries';
import { DayTodos } from '../../features/planner/day-todos';
import { PlannerViews, startOfToday, usePlanner } from '../../features/planner/planner';
import { type PlannerSearch, validatePlannerSearch } from '../../features/planner/planner-search';
import { prefetchRange } from '../../features/planner/queries';
import { formatLongDate, monthRange, parseLocalIsoDate, toLocalIsoDate } from '../../lib/dates';
import { useTitle } from '../../lib/use-title';

export const Route = createFileRoute('/_app/calendar')({
  // `?view=week&date=2026-12-07` (and `shown`): the planner's place, validated (ADR 0513).
  validateSearch: validatePlannerSearch,
  loaderDeps: ({ search }) => ({ date: search.date }),
  loader: ({ context, deps, cause }) => {
    const day = (deps.date && parseLocalIsoDate(deps.date)) || startOfToday();
    const { from, to } = monthRange(day);
    prefetchRange(context.queryClient, from, to);
    const list = context.queryClient
      .ensureQueryData(eventsOnDayQuery(toLocalIsoDate(day)))
      .catch(() => undefined);
    // Only on the way in: a day picked on the screen shows its list's own loading state
    // rather than holding the navigation (or the router's pending screen) until it comes.
    return cause === 'stay' ? undefined : list;
  },
  component: CalendarPage,
});

function CalendarPage() {
  useTitle('Calendar');
  const navigate = useNavigate();
  const go = useCallback((search: PlannerSearch) => void navigate({ to: '.', search }), [navigate]);
  const planner = usePlanner(Route.useSearch(), go);
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
