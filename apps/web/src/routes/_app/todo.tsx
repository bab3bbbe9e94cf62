import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { Card } from '../../components/card';
import { QueryBoundary } from '../../components/query-boundary';
import { todosPageQuery } from '../../features/todos/queries';
import { TodoForm } from '../../features/todos/todo-form';
import { TodoList } from '../../features/todos/todo-list';
import { validatePageSearch } from '../../lib/pagination';
import { useTitle } from '../../lib/use-title';

export const Route = createFileRoute('/_app/todo')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(todosPageQuery(deps.page)).catch(() => undefined),
  component: TodoPage,
});

function TodoPage() {
  useTitle('My To-Do List');
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  const goTo = useCallback(
    (next: number, replace = false) =>
      void navigate({ search: next > 1 ? { page: next } : {}, replace }),
    [navigate],
  );

  return (
    <div className="page">
      <h1 className="page-title">My To-Do List</h1>
      <div className="two-columns">
        <TodoForm />
        <Card title="Tasks" labelledBy="tasks-title" className="list-card">
          <QueryBoundary errorMessage="Error loading todos">
            <TodoList page={page} onPageChange={goTo} />
          </QueryBoundary>
        </Card>
      </div>
    </div>
  );
}
