import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, expectNoContent, expectStatus } from '../../lib/api';

export const eventKeys = {
  all: ['events'] as const,
  day: (date: string) => ['events', 'day', date] as const,
  range: (from: string, to: string) => ['events', 'range', from, to] as const,
};

/** The events of one local day (`?date=yyyy-mm-dd`). */
export const eventsOnDayQuery = (date: string) =>
  queryOptions({
    queryKey: eventKeys.day(date),
    queryFn: async ({ signal }) =>
      expectStatus(await client.events.list({ query: { date }, fetchOptions: { signal } }), 200),
  });

/** The days between `from` and `to` (inclusive) that have events, to mark them on the month. */
export const eventDaysQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: eventKeys.range(from, to),
    queryFn: async ({ signal }) => {
      const events = expectStatus(
        await client.events.list({ query: { from, to }, fetchOptions: { signal } }),
        200,
      );
      return [...new Set(events.map((e) => e.date))].sort();
    },
  });

export interface NewEvent {
  title: string;
  date: string;
  time: string;
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ title, date, time }: NewEvent) =>
      expectStatus(
        await client.events.create({
          // An empty time is sent as null (spec §5).
          body: { title: title.trim(), date, time: time === '' ? null : time },
        }),
        201,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      expectNoContent(await client.events.remove({ params: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
