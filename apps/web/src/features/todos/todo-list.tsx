import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Pagination } from '../../components/pagination';
import { todosPageQuery } from './queries';
import { TodoItem } from './todo-item';

interface TodoListProps {
  page: number;
  onPageChange: (page: number, replace?: boolean) => void;
}

export function TodoList({ page, onPageChange }: TodoListProps) {
  const { data } = useSuspenseQuery(todosPageQuery(page));

  useEffect(() => {
    if (data.page !== page) onPageChange(data.page, true);
  }, [data.page, page, onPageChange]);

  return (
    <>
      {data.results.length === 0 ? (
        <p className="empty">Nothing to do yet. Add a task.</p>
      ) : (
        <ul className="list">
          {data.results.map((todo) => (
            <TodoItem key={todo.id} todo={todo} />
          ))}
        </ul>
      )}
      <Pagination
        label="To-do pages"
        page={data.page}
        totalPages={data.totalPages}
        onPageChange={onPageChange}
      />
    </>
  );
}
