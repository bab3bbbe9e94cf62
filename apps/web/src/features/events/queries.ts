import type { EventBody, EventPatch, OccurrencePatch } from '@prodify/contract';
import { queryOptions } from '@tanstack/react-query';
import { client, expectStatus } from '../../lib/api';
import { useCreateItem, useDeleteItem, useListMutation } from '../../lib/list-queries';
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

/**
 * `PATCH /api/calendar/events/:id/` ("All events" of a series). Not optimistic: the editor stays
 * open until the server has saved, and shows a refusal by its fields (ADR 0511); the lists
 * reload either way, so they show what the server holds.
 */
export const useEditEvent = () =>
  useListMutation(
    eventKeys.all,
    async ({ id, patch }: { id: number; patch: EventPatch }) =>
      expectStatus(await client.events.patch({ params: { id }, body: patch }), 200),
    'settled',
  );
