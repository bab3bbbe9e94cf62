import { describe, expect, it } from 'vitest';
import { notePreview, PREVIEW_CHARS } from './note-preview';

describe('notePreview', () => {
  it('keeps a short note whole', () => {
    expect(notePreview('One line.')).toEqual({ text: 'One line.', more: false });
    expect(notePreview('a\nb\n\nc\nd\n\n')).toEqual({ text: 'a\nb\n\nc\nd', more: false });
  });

  it('keeps the first four non-blank lines and says there is more', () => {
    expect(notePreview('a\n\nb\nc\nd\ne')).toEqual({ text: 'a\n\nb\nc\nd', more: true });
    expect(notePreview('a\r\nb\r\nc\r\nd\r\ne')).toEqual({ text: 'a\nb\nc\nd', more: true });
  });

  it('cuts a long line at a word, with an ellipsis', () => {
    const long = 'word '.repeat(200);
    const { text, more } = notePreview(long);
    expect(more).toBe(true);
    expect(text.length).toBeLessThanOrEqual(PREVIEW_CHARS + 1);
    expect(text.endsWith('word…')).toBe(true);
  });

  it('cuts a long word anywhere', () => {
    const { text } = notePreview('x'.repeat(1000));
    expect(text).toBe(`${'x'.repeat(PREVIEW_CHARS)}…`);
  });
});
