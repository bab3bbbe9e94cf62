import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { Navbar } from '../components/navbar';
import { AppStatus } from '../features/offline/app-status';
import { ensureSession } from '../lib/auth';

/**
 * The guard of every signed-in screen (ADR 0202): 'Loading...' while it checks, an
 * expired access token is refreshed, anything else goes to /landing.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async () => {
    if (!(await ensureSession())) throw redirect({ to: '/landing', replace: true });
  },
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: GuardPending,
  component: AppLayout,
});

function GuardPending() {
  return (
    <div className="guard-pending" role="status">
      Loading...
    </div>
  );
}

function AppLayout() {
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="app-main" tabIndex={-1}>
        <AppStatus />
        <Outlet />
      </main>
    </div>
  );
}
