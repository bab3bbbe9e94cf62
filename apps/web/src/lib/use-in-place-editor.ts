import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * An editor that opens in place of what it edits: while `editing`, the editor shows; when it
 * closes (saved or cancelled), the focus goes back to the control that opened it, as a dialog's
 * does, rather than to the top of the page.
 */
export function useInPlaceEditor<E extends HTMLElement = HTMLButtonElement>() {
  const [editing, setEditing] = useState(false);
  const opener = useRef<E>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      opener.current?.focus();
    }
  }, [editing]);

  const open = useCallback(() => setEditing(true), []);
  const close = useCallback(() => {
    refocus.current = true;
    setEditing(false);
  }, []);

  return { editing, open, close, opener };
}
