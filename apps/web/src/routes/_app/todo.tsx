import { TodoSortSchema } from '@prodify/contract';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { DEFAULT_TODO_VIEW, type TodoView, todosPageQuery } from '../../features/todos/queries';
import { TodoFilters } from '../../features/todos/todo-filters';
import { TodoForm } from '../../features/todos/todo-form';
import { TodoItem } from '../../features/todos/todo-item';
import { validatePageSearch } from '../../lib/pagination';
import { ListScreen } from './-components/list-screen';

interface TodoSearch {
  page?: number;
  show?: 'open' | 'done';
  sort?: TodoView['sort'];
}

const viewOf = (search: TodoSearch): TodoView => ({
  show: search.show ?? DEFAULT_TODO_VIEW.show,
  sort: search.sort ?? DEFAULT_TODO_VIEW.sort,
});

export const Route = createFileRoute('/_app/todo')({
  // `?page=N`, `?show=open|done` and `?sort=<ordering>`: the view is bookmarkable.
  validateSearch: (raw: Record<string, unknown>): TodoSearch => {
    const sort = TodoSortSchema.safeParse(raw.sort);
    // Every key is set (undefined when invalid): the raw value must not show through.
    return {
      page: undefined,
      ...validatePageSearch(raw),
      show: raw.show === 'open' || raw.show === 'done' ? raw.show : undefined,
      sort: sort.success && sort.data !== DEFAULT_TODO_VIEW.sort ? sort.data : undefined,
    };
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, view: viewOf(search) }),
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(todosPageQuery(deps.page, deps.view));
  },
  component: TodoPage,
});

function TodoPage() {
  const search = Route.useSearch();
  const view = viewOf(search);
  const navigate = useNavigate();
  const onView = useCallback(
    (next: TodoView) =>
      void navigate({
        to: '.',
        search: {
          ...(next.show !== 'all' ? { show: next.show } : {}),
          ...(next.sort !== DEFAULT_TODO_VIEW.sort ? { sort: next.sort } : {}),
        },
        replace: true,
      }),
    [navigate],
  );
  const { show, sort } = view;
  const pageQuery = useCallback(
    (page: number) => todosPageQuery(page, { show, sort }),
    [show, sort],
  );
  const empty =
    show === 'open'
      ? 'No open tasks.'
      : show === 'done'
        ? 'No done tasks yet.'
        : 'Nothing to do yet. Add a task.';

  return (
    <ListScreen
      title="My To-Do List"
      listTitle="Tasks"
      loadError="Error loading todos"
      newLabel="New task"
      form={<TodoForm />}
      toolbar={<TodoFilters view={view} onChange={onView} />}
      pageQuery={pageQuery}
      pagesLabel="To-do pages"
      empty={empty}
    >
      {(todo) => <TodoItem key={todo.id} todo={todo} />}
    </ListScreen>
  );
}
