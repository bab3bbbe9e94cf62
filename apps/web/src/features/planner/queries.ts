import type { EventItem, Todo } from '@prodify/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { client, expectStatus } from '../../lib/api';
import { firstOfMonth, monthRange } from '../../lib/dates';
import { withoutPendingDeletes } from '../events/pending-deletes';
import { eventKeys } from '../events/queries';
import { todoKeys } from '../todos/queries';

/**
 * The planner's two requests for a visible range: its events and its to-dos. Their keys sit
 * under the events' and the to-dos' keys, so any change to either list reloads them too.
 */
export const rangeEventsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...eventKeys.range(from, to), 'items'] as const,
    queryFn: async ({ signal }): Promise<EventItem[]> =>
      withoutPendingDeletes(
        expectStatus(
          // Every occurrence in the range, repeating series expanded.
          await client.events.list({ query: { start: from, end: to }, fetchOptions: { signal } }),
          200,
        ),
      ),
  });

export const rangeTodosQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...todoKeys.all, 'range', from, to] as const,
    queryFn: async ({ signal }): Promise<Todo[]> => {
      const answer = expectStatus(
        await client.todos.list({
          query: { due_after: from, due_before: to },
          fetchOptions: { signal },
        }),
        200,
      );
      // Filtered again here: an API without the filter answers every to-do.
      const todos = Array.isArray(answer) ? answer : answer.results;
      return todos.filter((t) => t.due_date !== null && t.due_date >= from && t.due_date <= to);
    },
  });

/** Starts loading both halves of a range (the neighbouring months), without waiting. */
export function prefetchRange(queryClient: QueryClient, from: string, to: string) {
  void queryClient.prefetchQuery(rangeEventsQuery(from, to));
  void queryClient.prefetchQuery(rangeTodosQuery(from, to));
}

/** The month before and after `month`. */
export function prefetchNeighbours(queryClient: QueryClient, month: Date) {
  for (const offset of [-1, 1]) {
    const { from, to } = monthRange(firstOfMonth(month.getFullYear(), month.getMonth() + offset));
    prefetchRange(queryClient, from, to);
  }
}
