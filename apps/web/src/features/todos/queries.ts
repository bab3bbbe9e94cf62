import type { Todo, TodoBody, TodoPatch } from '@prodify/contract';
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

/** One page of to-dos by due date, undated last (`?ordering=due_date`). */
export const todosPageQuery = (page: number) =>
  pageQuery<Todo>(todoKeys.all, page, async (params, signal) => {
    const answer = pageAnswer(
      await client.todos.list({
        query: { ...params, ordering: 'due_date' },
        fetchOptions: { signal },
      }),
    );
    // An API without server-side paging answers every to-do: sort them here.
    return Array.isArray(answer) ? sortTodos(answer) : answer;
  });

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
