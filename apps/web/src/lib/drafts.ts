import { useCallback, useState } from 'react';
import { storedUserId } from './tokens';

/*
 * Unsaved text kept in local storage (ADR 0515): a half-written note or an open editor survives
 * leaving the screen, Escape and a reload. Drafts are per user (the key holds the user's id),
 * so another user signing in on the same browser never sees them; logout clears local storage
 * altogether (as the original app's sign-out does).
 */

const PREFIX = 'prodify:draft';

/** Where the draft `name` of the signed-in user is kept; undefined when no one is signed in. */
export function draftKey(name: string): string | undefined {
  const user = storedUserId();
  return user === undefined ? undefined : `${PREFIX}:${user}:${name}`;
}

type Texts = Record<string, string>;

function read<T extends Texts>(name: string, shape: T): T | undefined {
  const key = draftKey(name);
  const raw = key ? localStorage.getItem(key) : null;
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const out = { ...shape };
    for (const field of Object.keys(shape) as (keyof T)[]) {
      const value = (parsed as Record<string, unknown>)[field as string];
      if (typeof value === 'string') out[field] = value as T[keyof T];
    }
    return out;
  } catch {
    return undefined;
  }
}

/** Forgets the draft `name` (after a successful save). */
export function clearDraft(name: string): void {
  const key = draftKey(name);
  if (key) localStorage.removeItem(key);
}

function write(name: string, value: Texts): void {
  const key = draftKey(name);
  if (!key) return;
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the text stays on the screen, only its copy is not kept.
  }
}

const same = (a: Texts, b: Texts) => Object.keys(a).every((k) => a[k] === b[k]);

/**
 * A form's texts, kept as the draft `name` while they differ from `base` (what the form shows
 * unedited). `restored`: the form opened with a draft. `discard` goes back to `base`.
 */
export function useDraft<T extends Texts>(name: string, opened: T) {
  // What the form showed when it opened: later renders' copies are the same texts.
  const [base] = useState(opened);
  const [initial] = useState(() => read(name, base));
  const [value, setValue] = useState<T>(initial ?? base);
  const [restored, setRestored] = useState(initial !== undefined && !same(initial, base));

  const update = useCallback(
    (change: Partial<T>) =>
      setValue((current) => {
        const next = { ...current, ...change };
        if (same(next, base)) clearDraft(name);
        else write(name, next);
        return next;
      }),
    [name, base],
  );
  const discard = useCallback(() => {
    clearDraft(name);
    setValue(base);
    setRestored(false);
  }, [name, base]);

  return { value, update, restored, discard };
}
