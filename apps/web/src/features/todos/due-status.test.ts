import { describe, expect, it } from 'vitest';
import { dueStatus } from './due-status';

describe('dueStatus', () => {
  const today = '2026-11-26';
  it('marks open tasks past their date and those due today', () => {
    expect(dueStatus({ due_date: '2026-11-25', completed: false }, today)).toBe('overdue');
    expect(dueStatus({ due_date: '2025-12-31', completed: false }, today)).toBe('overdue');
    expect(dueStatus({ due_date: today, completed: false }, today)).toBe('today');
    expect(dueStatus({ due_date: '2026-11-27', completed: false }, today)).toBeNull();
  });

  it('never marks done or undated tasks', () => {
    expect(dueStatus({ due_date: '2026-11-01', completed: true }, today)).toBeNull();
    expect(dueStatus({ due_date: today, completed: true }, today)).toBeNull();
    expect(dueStatus({ due_date: null, completed: false }, today)).toBeNull();
  });
});
