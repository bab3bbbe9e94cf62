import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { debounce } from '../lib/debounce';

interface SearchBoxProps {
  /** The accessible name ("Search notes"). */
  label: string;
  /** The search in the URL. */
  value: string;
  /** Puts a new search in the URL (called 300 ms after the typing stops). */
  onSearch: (value: string) => void;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** A search field (role searchbox), debounced; `/` anywhere on the screen puts the focus in it. */
export function SearchBox({ label, value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const send = useMemo(() => debounce((next: string) => onSearch(next.trim()), 300), [onSearch]);
  useEffect(() => () => send.cancel(), [send]);

  // Back/forward changes the URL's search: show it, unless the user is typing here.
  useEffect(() => {
    if (document.activeElement !== input.current) setText(value);
  }, [value]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <search className="search-box">
      <Search size={16} aria-hidden="true" className="search-icon" />
      <input
        ref={input}
        type="search"
        aria-label={label}
        aria-describedby={hintId}
        placeholder={`${label}…`}
        maxLength={200}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          send(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') send.flush();
          if (e.key === 'Escape' && text) {
            e.preventDefault();
            setText('');
            send.cancel();
            onSearch('');
          }
        }}
      />
      <span id={hintId} className="search-hint">
        <span aria-hidden="true">
          <kbd>/</kbd>
        </span>
        <span className="sr-only">Press slash to search from anywhere on the screen.</span>
      </span>
    </search>
  );
}
