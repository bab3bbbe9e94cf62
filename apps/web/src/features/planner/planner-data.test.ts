import { describe, expect, it } from 'vitest';
import {
  addDays,
  firstItems,
  groupByDay,
  isoDays,
  minutesOf,
  overdueDays,
  shiftIso,
  timeRange,
  weekDays,
} from './planner-data';

const ev = (id: number, date: string, time: string | null, end_time: string | null = null) => ({
  id,
  title: `e${id}`,
  date,
  time,
  end_time,
});
const todo = (id: number, due_date: string | null, completed = false) => ({
  id,
  task: `t${id}`,
  due_date,
  completed,
});

describe('planner days', () => {
  it('adds days across month and year ends and DST changes', () => {
    expect(addDays(new Date(2026, 0, 31), 1)).toEqual(new Date(2026, 1, 1));
    expect(addDays(new Date(2026, 11, 31), 1)).toEqual(new Date(2027, 0, 1));
    expect(addDays(new Date(2026, 2, 1), -1)).toEqual(new Date(2026, 1, 28));
    expect(shiftIso('2026-03-28', 2)).toBe('2026-03-30');
    expect(shiftIso('2024-02-28', 1)).toBe('2024-02-29');
    expect(isoDays(new Date(2026, 9, 24), 3)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
  });

  it('finds the Sunday-to-Saturday week of a day', () => {
    const week = weekDays(new Date(2026, 10, 26)); // a Thursday
    expect(week).toHaveLength(7);
    expect(week[0]).toEqual(new Date(2026, 10, 22));
    expect(week[6]).toEqual(new Date(2026, 10, 28));
    expect(weekDays(new Date(2026, 10, 22))[0]).toEqual(new Date(2026, 10, 22));
  });
});

describe('groupByDay', () => {
  it('groups events and due to-dos by day, untimed events first then by time', () => {
    const days = groupByDay(
      [ev(1, '2026-11-02', '10:00:00'), ev(2, '2026-11-02', null), ev(3, '2026-11-02', '08:15:00')],
      [todo(1, '2026-11-02'), todo(2, null), todo(3, '2026-11-05', true)],
    );
    expect(days.get('2026-11-02')?.events.map((e) => e.id)).toEqual([2, 3, 1]);
    expect(days.get('2026-11-02')?.todos.map((t) => t.id)).toEqual([1]);
    expect(days.get('2026-11-05')?.todos.map((t) => t.id)).toEqual([3]);
    expect(days.has('2026-11-03')).toBe(false);
  });

  it('keeps every occurrence of a series on its own day', () => {
    const days = groupByDay([ev(7, '2026-11-02', '09:00:00'), ev(7, '2026-11-09', '09:00:00')], []);
    expect(days.get('2026-11-02')?.events).toHaveLength(1);
    expect(days.get('2026-11-09')?.events).toHaveLength(1);
  });
});

describe('cells and labels', () => {
  it('marks days before today with open to-dos as overdue', () => {
    const todos = [
      todo(1, '2026-11-20'),
      todo(2, '2026-11-21', true),
      todo(3, '2026-11-26'),
      todo(4, '2026-11-20'),
    ];
    expect(overdueDays(todos, '2026-11-26')).toEqual(['2026-11-20']);
  });

  it('shows a time range with an en dash, a start time alone, or nothing', () => {
    expect(timeRange({ time: '09:00:00', end_time: '10:30:00' })).toBe('09:00–10:30');
    expect(timeRange({ time: '09:00:00', end_time: null })).toBe('09:00');
    expect(timeRange({ time: '09:00:00' })).toBe('09:00');
    expect(timeRange({ time: null })).toBe('');
  });

  it('shows three items, then how many more', () => {
    expect(firstItems([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(firstItems([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3], more: 2 });
    expect(minutesOf('09:30:00')).toBe(570);
  });
});
