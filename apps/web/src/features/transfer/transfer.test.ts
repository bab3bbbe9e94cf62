import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors';
import { filenameFrom } from '../../lib/transfer';
import { readImportAnswer } from './import-answer';
import { formatSize, importKindOf } from './import-kind';
import { summarizeImport } from './import-summary';

describe('filenameFrom', () => {
  it('reads filename, filename* (which wins) and falls back', () => {
    expect(filenameFrom('attachment; filename="prodify-2026.json"', 'x')).toBe('prodify-2026.json');
    expect(filenameFrom('attachment; filename=notes.zip', 'x')).toBe('notes.zip');
    expect(
      filenameFrom(`attachment; filename="a.ics"; filename*=UTF-8''K%C3%A4lender.ics`, 'x'),
    ).toBe('Kälender.ics');
    expect(filenameFrom(null, 'fallback.json')).toBe('fallback.json');
    expect(filenameFrom('attachment', 'fallback.json')).toBe('fallback.json');
  });

  it('keeps no directory part', () => {
    expect(filenameFrom('attachment; filename="../../etc/passwd"', 'x')).toBe('passwd');
    expect(filenameFrom('attachment; filename="..\\\\evil.json"', 'x')).toBe('evil.json');
    expect(filenameFrom('attachment; filename=".."', 'safe.json')).toBe('safe.json');
  });
});

describe('importKindOf', () => {
  it('routes by extension, then by type', () => {
    expect(importKindOf({ name: 'export.JSON', type: '' })?.contentType).toBe('application/json');
    expect(importKindOf({ name: 'vault.zip', type: 'application/x-zip-compressed' })).toMatchObject(
      {
        path: '/api/import/',
        contentType: 'application/zip',
      },
    );
    expect(importKindOf({ name: 'idea.md', type: '' })?.contentType).toBe('text/markdown');
    expect(importKindOf({ name: 'cal.ics', type: 'text/calendar' })).toMatchObject({
      path: '/api/calendar/import/',
      contentType: 'text/calendar',
    });
    expect(importKindOf({ name: 'download', type: 'text/calendar' })?.path).toBe(
      '/api/calendar/import/',
    );
    expect(importKindOf({ name: 'photo.png', type: 'image/png' })).toBeUndefined();
    expect(importKindOf({ name: 'notes.txt', type: 'text/plain' })).toBeUndefined();
  });
});

describe('formatSize', () => {
  it('says bytes, KB and MB', () => {
    expect(formatSize(1)).toBe('1 byte');
    expect(formatSize(812)).toBe('812 bytes');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(52 * 1024 * 1024)).toBe('52 MB');
  });
});

describe('summarizeImport', () => {
  const none = { notes: 0, todos: 0, events: 0 };
  it('names what was imported and what was skipped', () => {
    expect(
      summarizeImport({
        created: { notes: 120, todos: 40, events: 12 },
        skipped: { notes: 2, todos: 1, events: 0, other: 0 },
        reasons: [],
      }),
    ).toBe('Imported 120 notes, 40 tasks, 12 events; skipped 3 duplicates.');
    expect(
      summarizeImport({
        created: { notes: 1, todos: 0, events: 0 },
        skipped: { ...none, other: 0 },
        reasons: [],
      }),
    ).toBe('Imported 1 note.');
    expect(
      summarizeImport({
        created: { notes: 0, todos: 1, events: 2 },
        skipped: { notes: 0, todos: 0, events: 1, other: 2 },
        reasons: [{ item: 'VJOURNAL', reason: 'not an event or a to-do' }],
      }),
    ).toBe('Imported 1 task, 2 events; skipped 1 duplicate and 2 other items.');
    expect(summarizeImport({ created: none, skipped: { ...none, other: 1 }, reasons: [] })).toBe(
      'Nothing new to import; skipped 1 other item.',
    );
  });
});

describe('readImportAnswer', () => {
  it('checks the answer against the contract', () => {
    const summary = {
      created: { notes: 3, todos: 0, events: 0 },
      skipped: { notes: 0, todos: 2, events: 0, other: 0 },
      reasons: [],
    };
    expect(readImportAnswer(201, summary)).toEqual(summary);
    expect(() => readImportAnswer(201, { created: { notes: 3 } })).toThrow(ApiError);
    expect(() => readImportAnswer(400, { detail: 'Bad zip.' })).toThrow(
      expect.objectContaining({ status: 400, body: { detail: 'Bad zip.' } }),
    );
  });
});
