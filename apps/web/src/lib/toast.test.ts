import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTION_TOAST_MS, getToasts, subscribeToasts, toast, toastDuration } from './toast';

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

  it("tells an action's onGone when its toast goes unused, never after its button", () => {
    const gone = vi.fn();
    const run = vi.fn();
    const pressed = toast.withAction('Event deleted.', { label: 'Undo', run, onGone: gone });
    toast.runAction(pressed);
    expect(run).toHaveBeenCalledTimes(1);
    expect(gone).not.toHaveBeenCalled();

    const dismissed = toast.withAction('Event deleted.', { label: 'Undo', run, onGone: gone });
    toast.dismiss(dismissed);
    toast.dismiss(dismissed);
    expect(gone).toHaveBeenCalledTimes(1);

    // Pushed out by four newer toasts.
    toast.withAction('Event deleted.', { label: 'Undo', run, onGone: gone });
    for (const m of ['a', 'b', 'c', 'd']) toast.info(m);
    expect(gone).toHaveBeenCalledTimes(2);
    expect(run).toHaveBeenCalledTimes(1);
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

  it('keeps each toast with an action apart, for longer, with its own action', () => {
    const undone: number[] = [];
    toast.withAction('Note deleted!', { label: 'Undo', run: () => undone.push(1) });
    toast.withAction('Note deleted!', { label: 'Undo', run: () => undone.push(2) });
    toast.success('Note deleted!');
    const [first, second, plain] = getToasts();
    expect(getToasts()).toHaveLength(3);
    expect(first && toastDuration(first)).toBe(ACTION_TOAST_MS);
    expect(ACTION_TOAST_MS).toBeGreaterThanOrEqual(8000);
    expect(plain && toastDuration(plain)).toBe(4000);
    second?.action?.run();
    expect(undone).toEqual([2]);
    expect(first?.action?.label).toBe('Undo');
  });
});
