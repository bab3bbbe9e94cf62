import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { Navbar } from '../components/navbar';
import { AppStatus } from '../features/offline/app-status';
import { ensureSession } from '../lib/auth';
import { takeEndedElsewhere } from '../lib/session-events';
import { clearTokens } from '../lib/tokens';

/**
 * The guard of every signed-in screen (ADR 0202): 'Loading...' while it checks, an
 * expired access token is refreshed, anything else goes to /landing; a session ended from
 * another device goes to the sign-in screen, which says so (ADR 0517).
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async () => {
    if (await ensureSession()) return;
    if (!takeEndedElsewhere()) throw redirect({ to: '/landing', replace: true });
    clearTokens();
    throw redirect({ to: '/login', replace: true, state: { signedOutElsewhere: true } });
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
