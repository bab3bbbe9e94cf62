import { useEffect, useRef } from 'react';

/** Whether a key press belongs to a text field (so `t` types a letter there). */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button'].includes(target.type))
  );
}

/** `t` anywhere on the screen (outside a text field) goes to today. */
export function useTodayKey(goToday: () => void) {
  const latest = useRef(goToday);
  latest.current = goToday;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 't' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typing(event.target)) return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
