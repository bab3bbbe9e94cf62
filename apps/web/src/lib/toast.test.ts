import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts, subscribeToasts, toast } from './toast';

describe('toast store', () => {
  afterEach(() => toast.clear());

  it('adds toasts in order and notifies subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToasts(listener);
    toast.success('Note created!');
    toast.error('Failed to delete note.');
    expect(getToasts().map((t) => [t.kind, t.message])).toEqual([
      ['success', 'Note created!'],
      ['error', 'Failed to delete note.'],
    ]);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    toast.info('x');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('shows a repeated message once and bumps its version', () => {
    const id = toast.error('Error loading todos');
    expect(toast.error('Error loading todos')).toBe(id);
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]?.version).toBe(1);
  });

  it('keeps at most four and dismisses by id', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'].map((m) => toast.info(m));
    expect(getToasts().map((t) => t.message)).toEqual(['b', 'c', 'd', 'e']);
    toast.dismiss(ids[2] as number);
    expect(getToasts().map((t) => t.message)).toEqual(['b', 'd', 'e']);
  });
});
