import { isSessionExpired } from './errors';

/**
 * A tiny toast store. The spec's `alert()`s become these: same texts, non-blocking, announced
 * to screen readers (see components/toasts.tsx and docs/decisions/0201-web-toasts.md).
 */
export type ToastKind = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  /** Bumped when the same message is raised again while shown, to restart its timer. */
  version: number;
  /** A button in the toast (e.g. Undo): it runs once, then the toast goes. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  run: () => void;
  /**
   * Called once when the toast goes without its button pressed (timed out, dismissed, or pushed
   * out by newer toasts): a deferred change is made final then.
   */
  onGone?: () => void;
}

/** Tells each removed toast's action that it went unused. */
function goneUnused(removed: readonly ToastItem[]) {
  for (const item of removed) item.action?.onGone?.();
}

export const TOAST_DURATION_MS = { success: 4000, info: 4000, error: 6000 } as const;

/** How long a toast with an action (Undo) stays: long enough to notice and reach it. */
export const ACTION_TOAST_MS = 10_000;

export function toastDuration(item: ToastItem): number {
  return item.action ? ACTION_TOAST_MS : TOAST_DURATION_MS[item.kind];
}

type Listener = () => void;

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, message: string, action?: ToastAction): number {
  // Each undoable toast undoes its own change: never merged with another.
  const same = action
    ? undefined
    : items.find((t) => t.kind === kind && t.message === message && !t.action);
  if (same) {
    // The same message twice in a row is shown once, with its timer restarted.
    items = items.map((t) => (t === same ? { ...t, version: t.version + 1 } : t));
    emit();
    return same.id;
  }
  const id = nextId++;
  // At most 4 at once: the oldest make room.
  const pushedOut = items.slice(0, -3);
  items = [...items.slice(-3), { id, kind, message, version: 0, ...(action ? { action } : {}) }];
  emit();
  goneUnused(pushedOut);
  return id;
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  /** A success toast with an Undo-style button, shown for ACTION_TOAST_MS. */
  withAction: (message: string, action: ToastAction) => show('success', message, action),
  dismiss(id: number) {
    const removed = items.filter((t) => t.id === id);
    if (removed.length === 0) return;
    items = items.filter((t) => t.id !== id);
    emit();
    goneUnused(removed);
  },
  /** Presses a toast's button: the toast goes and its action runs (it is not "gone"). */
  runAction(id: number) {
    const item = items.find((t) => t.id === id);
    if (!item) return;
    items = items.filter((t) => t.id !== id);
    emit();
    item.action?.run();
  },
  clear() {
    const removed = items;
    items = [];
    emit();
    goneUnused(removed);
  },
};

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getToasts(): readonly ToastItem[] {
  return items;
}

/** A mutation's `onError`: toasts `message`, unless the session ended (the app is leaving). */
export function toastFailure(message: string): (error: unknown) => void {
  return (error) => {
    if (!isSessionExpired(error)) toast.error(message);
  };
}
