import { type QueryClient, useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import '../../styles/planner.css';
import '../../styles/today.css';
import { toLocalIsoDate } from '../../lib/dates';
import { startOfToday } from '../planner/planner';
import { AboutBox } from './about-box';
import { latestNotesQuery, openDueTodosQuery, upcomingEventsQuery } from './queries';
import { QuickAdd } from './quick-add';
import { LatestNotes, TodayTasks, UpcomingEvents } from './today-sections';

const todayIso = () => toLocalIsoDate(startOfToday());

/** Starts Today's three requests with the route, before the screen renders. */
export function prefetchToday(queryClient: QueryClient) {
  const today = todayIso();
  void queryClient.prefetchQuery(openDueTodosQuery(today));
  void queryClient.prefetchQuery(upcomingEventsQuery(today));
  void queryClient.prefetchQuery(latestNotesQuery);
}

/**
 * Home as Today: the open to-dos due today or overdue, this week's events, the latest notes and
 * a quick-add box. The spec's description stays as the empty state and collapses to one line
 * once the user has something here.
 */
export function TodayBoard() {
  const today = todayIso();
  const todos = useQuery(openDueTodosQuery(today));
  const events = useQuery(upcomingEventsQuery(today));
  const notes = useQuery(latestNotesQuery);
  const loaded = todos.data && events.data && notes.data;
  const empty =
    loaded && todos.data?.length === 0 && events.data?.length === 0 && notes.data?.count === 0;
  const failed = todos.isError || events.isError || notes.isError;

  return (
    <>
      {failed ? (
        <p className="form-message error" role="alert">
          Failed to load your day.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              void todos.refetch();
              void events.refetch();
              void notes.refetch();
            }}
          >
            Try again
          </button>
        </p>
      ) : null}
      {empty || !loaded ? (
        <AboutBox />
      ) : (
        <details className="about-line">
          <summary>
            <Info size={16} aria-hidden="true" />
            About Prodify: your notes, to-dos and calendar in one calm place
          </summary>
          <AboutBox />
        </details>
      )}
      <div className="today-grid">
        <section className="card" aria-labelledby="quick-add-title">
          <h2 className="card-title" id="quick-add-title">
            Quick add
          </h2>
          <QuickAdd today={today} />
        </section>
        <section className="card" aria-labelledby="today-tasks-title">
          <h2 className="card-title" id="today-tasks-title">
            Today's tasks
          </h2>
          <TodayTasks todos={todos.data} today={today} />
        </section>
        <section className="card" aria-labelledby="upcoming-title">
          <h2 className="card-title" id="upcoming-title">
            Today and the next 7 days
          </h2>
          <UpcomingEvents events={events.data} today={today} />
        </section>
        <section className="card" aria-labelledby="latest-notes-title">
          <h2 className="card-title" id="latest-notes-title">
            Latest notes
          </h2>
          <LatestNotes notes={notes.data?.results} />
        </section>
      </div>
    </>
  );
}
