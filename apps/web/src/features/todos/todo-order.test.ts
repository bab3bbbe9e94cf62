import { describe, expect, it } from 'vitest';
import { sortTodos } from './todo-order';

const todo = (
  id: number,
  due_date: string | null,
  created_at = `2026-11-21T10:00:0${id % 10}Z`,
) => ({
  id,
  due_date,
  created_at,
});

describe('sortTodos', () => {
  it('orders by due date ascending with undated to-dos last', () => {
    const sorted = sortTodos([
      todo(1, null),
      todo(2, '2026-12-24'),
      todo(3, '2026-01-02'),
      todo(4, null),
      todo(5, '2026-06-30'),
    ]);
    expect(sorted.map((t) => t.due_date)).toEqual([
      '2026-01-02',
      '2026-06-30',
      '2026-12-24',
      null,
      null,
    ]);
  });

  it('puts the newest first among equal dates (and among undated ones)', () => {
    const sorted = sortTodos([
      todo(1, '2026-05-01', '2026-11-20T08:00:00Z'),
      todo(2, '2026-05-01', '2026-11-21T08:00:00Z'),
      todo(3, null, '2026-11-19T08:00:00Z'),
      todo(4, null, '2026-11-22T08:00:00Z'),
    ]);
    expect(sorted.map((t) => t.id)).toEqual([2, 1, 4, 3]);
  });

  it('falls back to the id and does not mutate its input', () => {
    const input = [todo(1, null, 'same'), todo(2, null, 'same')];
    expect(sortTodos(input).map((t) => t.id)).toEqual([2, 1]);
    expect(input.map((t) => t.id)).toEqual([1, 2]);
  });
});
