import type { Todo } from '@prodify/contract';
import { TodoCheck } from './cell-items';

/** The to-dos due on the selected day, toggled in place (under its events). */
export function DayTodos({ date, todos }: { date: string; todos: readonly Todo[] | undefined }) {
  const due = (todos ?? []).filter((t) => t.due_date === date);
  return (
    <section className="day-todos" aria-labelledby="day-todos-title">
      <h3 className="day-section-title" id="day-todos-title">
        Due on {date}
      </h3>
      {todos === undefined ? (
        <p className="empty">Loading to-dos…</p>
      ) : due.length === 0 ? (
        <p className="empty">No to-dos due.</p>
      ) : (
        <ul className="list day-todo-list">
          {due.map((todo) => (
            <li key={todo.id} className="list-item">
              <TodoCheck todo={todo} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
