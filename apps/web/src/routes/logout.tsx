import { createFileRoute, redirect } from '@tanstack/react-router';
import { forgetSavedQueries } from '../features/offline/saved-queries';
import { clearStorage } from '../lib/tokens';

/** Clears all local storage and goes to /landing (as the original app's sign-out does). */
export const Route = createFileRoute('/logout')({
  beforeLoad: ({ context, preload }) => {
    if (preload) return;
    clearStorage();
    void forgetSavedQueries();
    context.queryClient.clear();
    throw redirect({ to: '/landing', replace: true });
  },
});
