import type { Todo, TodoBody, TodoPatch, TodoSort } from '@prodify/contract';
import { client, expectStatus } from '../../lib/api';
import {
  pageAnswer,
  pageQuery,
  useCreateItem,
  useDeleteItem,
  useListMutation,
} from '../../lib/list-queries';
import { useOptimisticEdit } from '../../lib/optimistic-edit';
import { sortTodos } from './todo-order';

export const todoKeys = { all: ['todos'] as const };

export type TodoShow = 'all' | 'open' | 'done';

export interface TodoView {
  show: TodoShow;
  sort: TodoSort;
  /** `?search=`: every word in the task (empty: every task). */
  search: string;
}

export const DEFAULT_TODO_VIEW: TodoView = { show: 'all', sort: 'due_date', search: '' };

/** Open tasks before done ones, each group in the order it came (a stable partition). */
export function openFirst<T extends { completed: boolean }>(todos: readonly T[]): T[] {
  return [...todos.filter((t) => !t.completed), ...todos.filter((t) => t.completed)];
}

/**
 * One page of to-dos: by due date, undated last (`?ordering=due_date`) unless another order is
 * chosen; only the open or done ones with `?completed=`. Done tasks go below open ones, across
 * the pages (`?ordering=completed,…`; on a page too, for an API that answers every to-do).
 */
export const todosPageQuery = (page: number, view: TodoView = DEFAULT_TODO_VIEW) =>
  pageQuery<Todo>(
    view.show === 'all' && view.sort === 'due_date' && !view.search
      ? todoKeys.all
      : [...todoKeys.all, view.show, view.sort, view.search],
    page,
    async (params, signal) => {
      const answer = pageAnswer(
        await client.todos.list({
          query: {
            ...params,
            // Every task: the open ones first, across pages (done ones below, as on a page).
            ordering: view.show === 'all' ? (`completed,${view.sort}` as const) : view.sort,
            ...(view.show === 'all' ? {} : { completed: view.show === 'done' ? 'true' : 'false' }),
            ...(view.search ? { search: view.search } : {}),
          },
          fetchOptions: { signal },
        }),
      );
      if (answer === 'invalid-page') return answer;
      // An API without server-side paging answers every to-do: sort them here.
      if (Array.isArray(answer)) {
        return openFirst(view.sort === 'due_date' ? sortTodos(answer) : answer);
      }
      return { ...answer, results: openFirst(answer.results) };
    },
  );

export const useCreateTodo = () => useCreateItem<TodoBody>(todoKeys.all, client.todos);

/** The list is reloaded afterwards, success or not, so it shows what the server holds. */
export const useToggleTodo = () =>
  useListMutation(
    todoKeys.all,
    async (todo: Pick<Todo, 'id' | 'completed'>) =>
      expectStatus(
        await client.todos.patch({ params: { id: todo.id }, body: { completed: !todo.completed } }),
        200,
      ),
    'settled',
  );

export const useDeleteTodo = () => useDeleteItem(todoKeys.all, client.todos);

/** `PATCH /api/todos/:id/` of the task, due date or priority, shown at once, rolled back if refused. */
export const useEditTodo = () =>
  useOptimisticEdit<Todo, TodoPatch>(
    todoKeys.all,
    async (id, patch) =>
      expectStatus(await client.todos.patch({ params: { id }, body: patch }), 200),
    (todo, patch) => ({
      ...todo,
      ...(patch.task !== undefined ? { task: patch.task } : {}),
      ...(patch.due_date !== undefined ? { due_date: patch.due_date } : {}),
      ...(patch.priority !== undefined ? { priority: patch.priority } : {}),
    }),
    'Failed to update task',
  );
