import { SEARCH_MAX_LENGTH, searchTerms, TodoSortSchema } from '@prodify/contract';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { SearchBox } from '../../components/search-box';
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
  search?: string;
}

const viewOf = (search: TodoSearch): TodoView => ({
  show: search.show ?? DEFAULT_TODO_VIEW.show,
  sort: search.sort ?? DEFAULT_TODO_VIEW.sort,
  search: search.search ?? '',
});

/** The URL's search params of a view (the defaults left out). */
const searchOf = (view: TodoView): TodoSearch => ({
  ...(view.show !== 'all' ? { show: view.show } : {}),
  ...(view.sort !== DEFAULT_TODO_VIEW.sort ? { sort: view.sort } : {}),
  ...(view.search ? { search: view.search } : {}),
});

export const Route = createFileRoute('/_app/todo')({
  // `?page=N`, `?show=open|done`, `?sort=<ordering>` and `?search=words`: the view is
  // bookmarkable.
  validateSearch: (raw: Record<string, unknown>): TodoSearch => {
    const sort = TodoSortSchema.safeParse(raw.sort);
    const search =
      typeof raw.search === 'string' ? raw.search.trim().slice(0, SEARCH_MAX_LENGTH) : '';
    // Every key is set (undefined when invalid): the raw value must not show through.
    return {
      page: undefined,
      ...validatePageSearch(raw),
      show: raw.show === 'open' || raw.show === 'done' ? raw.show : undefined,
      sort: sort.success && sort.data !== DEFAULT_TODO_VIEW.sort ? sort.data : undefined,
      search: search || undefined,
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
    (next: TodoView) => void navigate({ to: '.', search: searchOf(next), replace: true }),
    [navigate],
  );
  const { show, sort, search: words } = view;
  const terms = searchTerms(words);
  const onSearch = useCallback(
    (next: string) => onView({ show, sort, search: next }),
    [onView, show, sort],
  );
  const pageQuery = useCallback(
    (page: number) => todosPageQuery(page, { show, sort, search: words }),
    [show, sort, words],
  );
  const empty = words
    ? `No tasks match “${words}”.`
    : show === 'open'
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
      form={<TodoForm onCreated={words ? () => onSearch('') : undefined} />}
      toolbar={
        <>
          <SearchBox label="Search tasks" value={words} onSearch={onSearch} />
          <TodoFilters view={view} onChange={onView} />
        </>
      }
      pageQuery={pageQuery}
      pagesLabel="To-do pages"
      empty={empty}
    >
      {(todo) => <TodoItem key={todo.id} todo={todo} terms={terms} />}
    </ListScreen>
  );
}
