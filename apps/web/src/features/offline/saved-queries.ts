import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { clear, createStore, get, set, type UseStore } from 'idb-keyval';
import { storedUserId } from '../../lib/tokens';

/**
 * What the app last saw (notes, to-dos, events, Today, the planner's range), kept in IndexedDB
 * so that a reload without network shows it at once (ADR 0520). TanStack Query's own
 * dehydrate/hydrate do the work; this file only decides when, and for whom: one entry per user,
 * dropped at sign-out, never shown to another user.
 */

/** A saved state older than this is not restored. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Bumped when the shape of what queries hold changes, so an old save is not restored. */
const VERSION = 1;
const SAVE_DELAY_MS = 1_000;
/** Restoring must never hold the app's start up for long (a broken IndexedDB). */
const RESTORE_TIMEOUT_MS = 800;

interface Saved {
  version: number;
  savedAt: number;
  state: DehydratedState;
}

let store: UseStore | undefined;
function savedStore(): UseStore | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  store ??= createStore('prodify', 'saved-queries');
  return store;
}

const keyOf = (userId: number) => `user:${userId}`;

/**
 * Puts the signed-in user's saved queries back into the cache when the app starts offline;
 * resolves quickly either way. Online, the app reads the server as before: a saved copy shown
 * first would flash an older state (a note without the summary just made) before the answer.
 */
export async function restoreSavedQueries(client: QueryClient): Promise<void> {
  const target = savedStore();
  const userId = storedUserId();
  if (!target || userId === undefined || navigator.onLine !== false) return;
  const read = get<Saved>(keyOf(userId), target).catch(() => undefined);
  const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS));
  const saved = await Promise.race([read, timeout]);
  if (!saved || saved.version !== VERSION || Date.now() - saved.savedAt > MAX_AGE_MS) return;
  hydrate(client, saved.state);
  // All of it is stale: once the network is back, every screen reads the server again.
  await client.invalidateQueries({ refetchType: 'none' });
}

/** Saves the cache a second after it changes, for the user signed in at that moment. */
export function keepQueriesSaved(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const target = savedStore();
    const userId = storedUserId();
    if (!target || userId === undefined) return;
    const state = dehydrate(client, {
      shouldDehydrateQuery: (query) => query.state.status === 'success',
    });
    const saved: Saved = { version: VERSION, savedAt: Date.now(), state };
    set(keyOf(userId), saved, target).catch(() => {
      // Full or unavailable storage: the app works as before, without the offline copy.
    });
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    timer ??= setTimeout(save, SAVE_DELAY_MS);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}

/** Drops every saved copy: at sign-out and when a session ends. */
export async function forgetSavedQueries(): Promise<void> {
  const target = savedStore();
  if (target) await clear(target).catch(() => undefined);
}
