import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';

/**
 * Previous or next (an arrow, named by `label`): the calendar's periods and the planner's weeks
 * and agenda (styled in calendar.css). Its own module, so that only the screens with one load it.
 */
export function NavButton({
  label,
  direction,
  ...rest
}: { label: string; direction: 'prev' | 'next' } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const Icon = direction === 'prev' ? ChevronLeft : ChevronRight;
  return (
    <button type="button" className="cal-nav-btn" aria-label={label} {...rest}>
      <Icon size={20} aria-hidden="true" />
    </button>
  );
}
