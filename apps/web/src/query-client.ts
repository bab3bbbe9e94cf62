import { QueryClient } from '@tanstack/react-query';
import { ApiError, isSessionExpired } from './lib/errors';

/** Retry a failed load once, unless the answer was a 4xx (or the session ended). */
function retry(failureCount: number, error: unknown): boolean {
  if (isSessionExpired(error)) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry, retryDelay: 300 },
      mutations: { retry: false },
    },
  });
}
