import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { CalendarDays, CheckSquare, LogOut, NotebookPen, Settings } from 'lucide-react';
import { Button } from '../../components/button';
import { QueryBoundary } from '../../components/query-boundary';
import { meQuery } from '../../features/settings/queries';
import { useTitle } from '../../lib/use-title';

export const Route = createFileRoute('/_app/')({
  // A failed load is shown by the screen ('User'), not by the router.
  loader: ({ context }) => context.queryClient.ensureQueryData(meQuery).catch(() => undefined),
  component: HomePage,
});

function Welcome({ name }: { name: string }) {
  return <h1 className="page-title">Welcome, {name}!</h1>;
}

function WelcomeUser() {
  const { data } = useSuspenseQuery(meQuery);
  return <Welcome name={data.username} />;
}

function HomePage() {
  useTitle('Home');
  const navigate = useNavigate();
  return (
    <div className="page home">
      <div className="page-header">
        <QueryBoundary
          errorMessage="Failed to load user"
          silent
          errorFallback={() => <Welcome name="User" />}
          fallback={<h1 className="page-title">Welcome!</h1>}
        >
          <WelcomeUser />
        </QueryBoundary>
        <Button
          variant="secondary"
          icon={<LogOut size={16} aria-hidden="true" />}
          onClick={() => void navigate({ to: '/logout' })}
        >
          Logout
        </Button>
      </div>
      <section className="card description" aria-labelledby="about-title">
        <h2 id="about-title" className="card-title">
          Your cozy workspace, built for focus
        </h2>
        <p>
          Prodify keeps your day in one calm place. Everything here is yours alone, stored on your
          own server.
        </p>
        <ul className="feature-list">
          <li>
            <NotebookPen aria-hidden="true" size={20} />
            <span>
              <strong>Note Taking:</strong> write notes and get a summary of each one, made on your
              machine.
            </span>
          </li>
          <li>
            <CheckSquare aria-hidden="true" size={20} />
            <span>
              <strong>To-Do List:</strong> tasks with priorities and due dates, soonest first.
            </span>
          </li>
          <li>
            <CalendarDays aria-hidden="true" size={20} />
            <span>
              <strong>Calendar:</strong> pick a day and keep its events, with or without a time.
            </span>
          </li>
          <li>
            <Settings aria-hidden="true" size={20} />
            <span>
              <strong>Settings:</strong> change your username or password, or delete your account.
            </span>
          </li>
        </ul>
      </section>
    </div>
  );
}
