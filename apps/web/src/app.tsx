import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  forgetSavedQueries,
  keepQueriesSaved,
  restoreSavedQueries,
} from './features/offline/saved-queries';
import { SESSION_EXPIRED_EVENT, takeEndedElsewhere } from './lib/session-events';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

/** Starts the React app in `container`. Importing this module has no side effects. */
export function startApp(container: HTMLElement): void {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);

  // A signed-in call that stays unauthorized after one refresh ends the session (lib/api.ts):
  // to the sign-in screen, saying why, when another device ended it (ADR 0517).
  window.addEventListener(SESSION_EXPIRED_EVENT, () => {
    queryClient.clear();
    void forgetSavedQueries();
    void router.navigate(
      takeEndedElsewhere()
        ? { to: '/login', state: { signedOutElsewhere: true } }
        : { to: '/landing' },
    );
  });

  // What the signed-in user last saw comes back first, so that an offline start shows it
  // (features/offline, ADR 0520); a signed-out start has nothing to restore and waits for nothing.
  void restoreSavedQueries(queryClient).finally(() => {
    keepQueriesSaved(queryClient);
    createRoot(container).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}
