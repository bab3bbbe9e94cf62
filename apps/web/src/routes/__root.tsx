import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';
import { Toasts } from '../components/toasts';
import { useTitle } from '../lib/use-title';

/** What every route's loader and `beforeLoad` receive (router.tsx supplies it). */
export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <Toasts />
    </>
  );
}

function NotFound() {
  useTitle('404 Not Found');
  return (
    <main className="centered-page" id="main">
      <div className="card not-found">
        <h1>404 Not Found</h1>
        <p>The page you're looking for doesn't exist!</p>
        <Link to="/" className="btn btn-primary">
          <span>Go to Home</span>
        </Link>
      </div>
    </main>
  );
}
