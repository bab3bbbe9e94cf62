import type { Note, Todo } from '@prodify/contract';
import { queryOptions } from '@tanstack/react-query';
import { client, expectStatus } from '../../lib/api';
import { type PageOf, toPage } from '../../lib/pagination';
import { noteKeys } from '../notes/queries';
import { shiftIso } from '../planner/planner-data';
import { rangeEventsQuery } from '../planner/queries';
import { todoKeys } from '../todos/queries';

export const UPCOMING_DAYS = 7;
export const LATEST_NOTES = 5;

/**
 * Today's three requests: the open to-dos due today or earlier, the events of today and the
 * next seven days (one range), and the five latest notes.
 */
export const openDueTodosQuery = (today: string) =>
  queryOptions({
    queryKey: [...todoKeys.all, 'open-due', today] as const,
    queryFn: async ({ signal }): Promise<Todo[]> => {
      const answer = expectStatus(
        await client.todos.list({ query: { due_before: today }, fetchOptions: { signal } }),
        200,
      );
      const todos = Array.isArray(answer) ? answer : answer.results;
      return todos
        .filter((t) => !t.completed && t.due_date !== null && t.due_date <= today)
        .sort((a, b) => (a.due_date ?? '').localeCompare(b.due_date ?? '') || a.id - b.id);
    },
  });

export const upcomingEventsQuery = (today: string) =>
  rangeEventsQuery(today, shiftIso(today, UPCOMING_DAYS));

/**
 * The first page of five notes, newest first. It sits under the notes' key (a new note reloads
 * it) and has the notes screen's page shape, which the summary update writes into.
 */
export const latestNotesQuery = queryOptions({
  queryKey: [...noteKeys.all, 'latest', LATEST_NOTES] as const,
  queryFn: async ({ signal }): Promise<PageOf<Note>> => {
    const answer = expectStatus(
      await client.notes.list({
        query: { page: 1, page_size: LATEST_NOTES, ordering: '-created_at' },
        fetchOptions: { signal },
      }),
      200,
    );
    // An API without paging answers every note, newest first.
    return toPage(answer, 1, LATEST_NOTES);
  },
});
