import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';

/**
 * Leaves one user's screens for the next (sign-in, account deletion): requests in flight are
 * dropped and the query cache emptied before going to `to`, so nothing cached for one user can
 * show for another.
 */
export function useSwitchUser(): (to: '/' | '/register') => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (to) => {
    await queryClient.cancelQueries();
    queryClient.clear();
    await navigate({ to });
  };
}
