import { TRANSFER_LIMITS } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { checkJsonShape, itemsFromDocument, JsonFileError, parseJsonFile } from './json-import';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('checkJsonShape', () => {
  it('counts nesting and containers outside strings only', () => {
    const limits = { jsonDepth: 3, jsonContainers: 4 };
    expect(() => checkJsonShape(bytes('[[["x"]]]'), limits)).not.toThrow();
    expect(() => checkJsonShape(bytes('[[[[1]]]]'), limits)).toThrow(/more than 3 levels/);
    expect(() => checkJsonShape(bytes('[{},{},{},{}]'), limits)).toThrow(/more than 4 objects/);
    // Brackets and escaped quotes inside strings are text.
    expect(() => checkJsonShape(bytes('["[[[[{{{{\\"[[[[", {}]'), limits)).not.toThrow();
  });
});

describe('parseJsonFile', () => {
  it('parses, and refuses prototype keys and malformed text with a position', () => {
    expect(parseJsonFile(bytes('\ufeff{"a":[1]}'))).toEqual({ a: [1] });
    expect(() => parseJsonFile(bytes('{"constructor":{"prototype":{}}}'))).toThrow(JsonFileError);
    expect(() => parseJsonFile(bytes('[1,\n2,,3]'))).toThrow(
      'This file is not valid JSON (line 2, column 3).',
    );
    expect(() => parseJsonFile(bytes('{"a":'))).toThrow(
      'This file is not valid JSON (line 1, column 6).',
    );
    expect(() => parseJsonFile(bytes('  '))).toThrow('This file is empty.');
  });
});

describe('itemsFromDocument', () => {
  const head = {
    format: 'prodify-export',
    version: 1,
    exported_at: '2026-11-27T00:00:00Z',
    username: 'x',
  };

  it('names the same first fields as the whole schema would, and stops at 50', () => {
    const result = itemsFromDocument({
      ...head,
      version: 2,
      notes: Array(1000).fill({}),
      todos: [{ id: 1, task: 'ok', created_at: '2026-11-27T00:00:00Z' }],
      events: 'no',
    });
    if (result.ok) throw new Error('expected errors');
    const keys = Object.keys(result.errors);
    expect(keys).toHaveLength(TRANSFER_LIMITS.errors);
    expect(keys.slice(0, 3)).toEqual(['version', 'events', 'notes.0.id']);
  });

  it('bounds the changed occurrences of all events together', () => {
    const event = (id: number, n: number) => ({
      id,
      title: 't',
      date: '2026-01-01',
      rrule: 'FREQ=DAILY',
      created_at: '2026-11-27T00:00:00Z',
      exceptions: Array.from({ length: n }, (_, i) => ({
        occurrence: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
        deleted: true,
      })),
    });
    const per = 10_000;
    const events = Array.from({ length: TRANSFER_LIMITS.importExceptions / per + 1 }, (_, i) =>
      event(i + 1, per),
    );
    const result = itemsFromDocument({ ...head, notes: [], todos: [], events });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors.events?.[0]).toMatch(/no more than 100000 changed occurrences/);
  });
});
