import { EventSchema, NoteSchema, TodoSchema } from '@prodify/contract';
import { defineRow } from './rows';

/**
 * The resources' rows (db/rows.ts): each contract key, the column it is stored in and its kind.
 * A new field is added in the contract, here, and in a migration.
 */

export const NOTE_ROW = defineRow('notes', NoteSchema, {
  id: { kind: 'int', generated: true },
  title: { kind: 'text' },
  content: { kind: 'text' },
  created_at: { kind: 'timestamptz', generated: true },
  author: { kind: 'int', column: 'user_id' },
  summary: { kind: 'text' },
});

export const TODO_ROW = defineRow('todos', TodoSchema, {
  id: { kind: 'int', generated: true },
  user: { kind: 'int', column: 'user_id' },
  task: { kind: 'text' },
  due_date: { kind: 'date' },
  priority: { kind: 'text', generated: true },
  completed: { kind: 'bool', generated: true },
  created_at: { kind: 'timestamptz', generated: true },
  due_time: { kind: 'time' },
  rrule: { kind: 'text' },
});

export const EVENT_ROW = defineRow('events', EventSchema, {
  id: { kind: 'int', generated: true },
  title: { kind: 'text' },
  date: { kind: 'date' },
  time: { kind: 'time' },
  end_time: { kind: 'time' },
  rrule: { kind: 'text' },
  end_date: { kind: 'date' },
  description: { kind: 'text' },
  location: { kind: 'text' },
});
