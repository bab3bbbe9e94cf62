import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { Loading } from './components/loading';
import { routeTree } from './routeTree.gen';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // Hover or focus on a link loads the next screen's code and data ahead of the click.
    defaultPreload: 'intent',
    // React Query decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: () => <Loading className="page-loading" />,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  /** What a screen hands the next one without putting it in the URL. */
  interface HistoryState {
    /** /login: this device was signed out from another one (ADR 0517). */
    signedOutElsewhere?: boolean;
    /** /login: the username just registered, filled in. */
    username?: string;
  }
}
