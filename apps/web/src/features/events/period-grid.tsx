import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

export interface PeriodItem {
  key: string;
  label: string;
  /** The period that holds today. */
  current?: boolean;
  /** The period the calendar was showing: focused first, and highlighted. */
  active?: boolean;
  onPick: () => void;
}

interface PeriodGridProps {
  label: string;
  items: PeriodItem[];
  columns: number;
  /** Move the focus into the grid when it appears (the view was changed from the keyboard). */
  autoFocus: boolean;
}

/**
 * The months of a year, the years of a decade or the decades of a century: one tab stop, the
 * arrow keys move between items, Home and End jump to the ends, Enter or Space picks.
 */
export function PeriodGrid({ label, items, columns, autoFocus }: PeriodGridProps) {
  const start = Math.max(
    0,
    items.findIndex((item) => item.active),
  );
  const [focusIndex, setFocusIndex] = useState(start);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  // A new period (previous/next) starts again from its active item.
  const itemsKey = items.map((i) => i.key).join();
  useEffect(() => {
    setFocusIndex(start);
  }, [itemsKey]);

  // Only when the grid appears.
  useEffect(() => {
    if (autoFocus) buttons.current[start]?.focus();
  }, []);

  const move = (index: number) => {
    const next = Math.min(Math.max(index, 0), items.length - 1);
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: focusIndex + 1,
      ArrowLeft: focusIndex - 1,
      ArrowDown: focusIndex + columns,
      ArrowUp: focusIndex - columns,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    move(target);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of buttons, not a fieldset.
    <div
      role="group"
      aria-label={label}
      className="period-grid"
      data-columns={columns}
      onKeyDown={onKeyDown}
    >
      {items.map((item, index) => (
        <button
          key={item.key}
          ref={(el) => {
            buttons.current[index] = el;
          }}
          type="button"
          className={[
            'period',
            item.active ? 'period-active' : '',
            item.current ? 'period-current' : '',
          ]
            .filter(Boolean)
            .join(' ')}
          tabIndex={index === focusIndex ? 0 : -1}
          aria-current={item.current ? 'date' : undefined}
          onFocus={() => setFocusIndex(index)}
          onClick={item.onPick}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
