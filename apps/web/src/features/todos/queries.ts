import { LIMITS, type Priority, type Todo } from '@prodify/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, expectNoContent, expectStatus } from '../../lib/api';
import { loadPage } from '../../lib/pagination';
import { sortTodos } from './todo-order';

export const todoKeys = {
  all: ['todos'] as const,
  page: (page: number) => ['todos', 'page', page] as const,
};

/** One page of to-dos by due date, undated last (`?ordering=due_date`). */
export const todosPageQuery = (page: number) =>
  queryOptions({
    queryKey: todoKeys.page(page),
    queryFn: ({ signal }) =>
      loadPage<Todo>(async (p) => {
        const res = await client.todos.list({
          query: { page: p, page_size: LIMITS.pageSizeDefault, ordering: 'due_date' },
          fetchOptions: { signal },
        });
        if (res.status === 404) return 'invalid-page';
        const body = expectStatus(res, 200);
        // An API without server-side paging answers every to-do: sort them here.
        return Array.isArray(body) ? sortTodos(body) : body;
      }, page),
  });

export interface NewTodo {
  task: string;
  dueDate: string;
  priority: Priority;
}

export function useCreateTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ task, dueDate, priority }: NewTodo) =>
      expectStatus(
        await client.todos.create({
          // An empty due date is sent as null (spec §5).
          body: { task: task.trim(), due_date: dueDate === '' ? null : dueDate, priority },
        }),
        201,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: todoKeys.all }),
  });
}

export function useToggleTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (todo: Pick<Todo, 'id' | 'completed'>) =>
      expectStatus(
        await client.todos.patch({ params: { id: todo.id }, body: { completed: !todo.completed } }),
        200,
      ),
    // The list is reloaded afterwards, success or not, so it shows what the server holds.
    onSettled: () => queryClient.invalidateQueries({ queryKey: todoKeys.all }),
  });
}

export function useDeleteTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      expectNoContent(await client.todos.remove({ params: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: todoKeys.all }),
  });
}
