import { createFileRoute } from '@tanstack/react-router';
import { todosPageQuery } from '../../features/todos/queries';
import { TodoForm } from '../../features/todos/todo-form';
import { TodoItem } from '../../features/todos/todo-item';
import { ListScreen } from './-components/list-screen';
import { pagedRoute } from './-components/paged-route';

export const Route = createFileRoute('/_app/todo')({
  ...pagedRoute(todosPageQuery),
  component: TodoPage,
});

function TodoPage() {
  return (
    <ListScreen
      title="My To-Do List"
      listTitle="Tasks"
      loadError="Error loading todos"
      newLabel="New task"
      form={<TodoForm />}
      pageQuery={todosPageQuery}
      pagesLabel="To-do pages"
      empty="Nothing to do yet. Add a task."
    >
      {(todo) => <TodoItem key={todo.id} todo={todo} />}
    </ListScreen>
  );
}
