import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { Button } from '../../components/button';
import { QueryBoundary } from '../../components/query-boundary';
import { meQuery } from '../../features/settings/queries';
import { prefetchToday, TodayBoard } from '../../features/today/today-board';
import { useTitle } from '../../lib/use-title';

export const Route = createFileRoute('/_app/')({
  // A failed load is shown by the screen ('User'), not by the router.
  loader: ({ context }) => {
    prefetchToday(context.queryClient);
    return context.queryClient.ensureQueryData(meQuery).catch(() => undefined);
  },
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
      <TodayBoard />
    </div>
  );
}
