import type { Todo, TodoBody } from '@prodify/contract';
import { client, expectStatus } from '../../lib/api';
import {
  pageAnswer,
  pageQuery,
  useCreateItem,
  useDeleteItem,
  useListMutation,
} from '../../lib/list-queries';
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
