import { useRegisterSW } from 'virtual:pwa-register/react';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * The signed-in app's service worker (ADR 0520) and what it tells the user: that the network is
 * gone, and that a new version waits. The new version never takes over under the user's
 * hands: only the Reload button activates it and reloads. Both are in a live region (no
 * `status` role: the screens' own loading states have that one), so a screen reader hears them.
 */
export function AppStatus() {
  const online = useOnline();
  const client = useQueryClient();
  // The newest answer the app holds: restored from the saved copy, or fetched before the outage.
  const newest = online
    ? 0
    : Math.max(
        0,
        ...client
          .getQueryCache()
          .getAll()
          .map((query) => query.state.dataUpdatedAt),
      );
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError: () => {
      // No service worker (an old browser, a private window): the app works as before.
    },
  });
  return (
    <div className="app-status" aria-live="polite" aria-atomic="true">
      {!online && (
        <p className="app-status-bar">
          <WifiOff aria-hidden="true" size={16} />
          {newest > 0
            ? `Offline: showing what was saved at ${new Date(newest).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.`
            : 'You are offline.'}
        </p>
      )}
      {needRefresh && (
        <p className="app-status-bar">
          A new version is ready.
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => updateServiceWorker(true)}
          >
            <RefreshCw aria-hidden="true" size={16} /> Reload
          </button>
        </p>
      )}
    </div>
  );
}
