import { toLocalIsoDate } from '../../lib/dates';

export type DueStatus = 'overdue' | 'today' | null;

/** Whether an open task is past its due date or due today (the user's local day). */
export function dueStatus(
  todo: { due_date: string | null; completed: boolean },
  today: string = toLocalIsoDate(new Date()),
): DueStatus {
  if (todo.completed || !todo.due_date) return null;
  if (todo.due_date < today) return 'overdue';
  return todo.due_date === today ? 'today' : null;
}
