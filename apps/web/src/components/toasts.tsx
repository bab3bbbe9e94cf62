import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts, type ToastItem, toast, toastDuration } from '../lib/toast';

const ICONS = { success: CircleCheck, error: CircleAlert, info: Info } as const;

function ToastView({ item }: { item: ToastItem }) {
  const [paused, setPaused] = useState(false);
  const Icon = ICONS[item.kind];

  // A new version (the same message raised again) restarts the timer.
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => toast.dismiss(item.id), toastDuration(item));
    return () => clearTimeout(timer);
  }, [item, paused]);

  return (
    <li
      className={`toast toast-${item.kind}`}
      data-kind={item.kind}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Icon className="toast-icon" aria-hidden="true" size={20} />
      <div role="status" className="toast-message">
        {item.message}
      </div>
      {item.action ? (
        <button type="button" className="toast-action" onClick={() => toast.runAction(item.id)}>
          {item.action.label}
        </button>
      ) : null}
      <button
        type="button"
        className="toast-close"
        aria-label="Dismiss notification"
        onClick={() => toast.dismiss(item.id)}
      >
        <X aria-hidden="true" size={16} />
      </button>
    </li>
  );
}

/** Where the toasts appear. Rendered once, at the root. */
export function Toasts() {
  const items = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <section className="toasts" aria-label="Notifications">
      <ol>
        {items.map((item) => (
          <ToastView key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}
