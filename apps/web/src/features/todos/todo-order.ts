interface Dated {
  id: number;
  due_date: string | null;
  created_at: string;
}

/**
 * The to-do order the screen shows: due date ascending, undated last, newest first within the
 * same day. The API sorts the same way with `?ordering=due_date`; this keeps the order right if
 * it answers a plain array (the original API did, newest first).
 */
export function compareTodos(a: Dated, b: Dated): number {
  if (a.due_date !== b.due_date) {
    if (a.due_date === null) return 1;
    if (b.due_date === null) return -1;
    return a.due_date < b.due_date ? -1 : 1;
  }
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return b.id - a.id;
}

export function sortTodos<T extends Dated>(todos: readonly T[]): T[] {
  return [...todos].sort(compareTodos);
}
