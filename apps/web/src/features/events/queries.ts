import type { EventBody, EventItem, EventPatch, OccurrencePatch } from '@prodify/contract';
import { queryOptions } from '@tanstack/react-query';
import { client, expectStatus } from '../../lib/api';
import { useCreateItem, useDeleteItem, useListMutation } from '../../lib/list-queries';
import { useOptimisticEdit } from '../../lib/optimistic-edit';
import { withoutPendingDeletes } from './pending-deletes';

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
      withoutPendingDeletes(
        expectStatus(await client.events.list({ query: { date }, fetchOptions: { signal } }), 200),
      ),
  });

export const useCreateEvent = () => useCreateItem<EventBody>(eventKeys.all, client.events);

export const useDeleteEvent = () => useDeleteItem(eventKeys.all, client.events);

/** "This event": changes one occurrence of a series, named by its date in the series. */
export const usePatchOccurrence = () =>
  useListMutation(
    eventKeys.all,
    async (target: { id: number; occurrence: string; patch: OccurrencePatch }) =>
      expectStatus(
        await client.events.patchOccurrence({
          params: { id: target.id, date: target.occurrence },
          body: target.patch,
        }),
        200,
      ),
    'settled',
  );

/** `PATCH /api/calendar/events/:id/`, shown at once, rolled back with a toast if refused. */
export const useEditEvent = () =>
  useOptimisticEdit<EventItem, EventPatch>(
    eventKeys.all,
    async (id, patch) =>
      expectStatus(await client.events.patch({ params: { id }, body: patch }), 200),
    (event, patch) => ({
      ...event,
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.date !== undefined ? { date: patch.date } : {}),
      ...(patch.time !== undefined
        ? { time: patch.time && patch.time.length === 5 ? `${patch.time}:00` : patch.time }
        : {}),
    }),
    'Failed to update event',
    // The answer to an "All events" change is the series' own row, dated on its first day: an
    // occurrence keeps its own day (and the optimistic title and time) until the lists reload.
    (event, answer) => (event.occurrence === undefined ? answer : event),
  );
