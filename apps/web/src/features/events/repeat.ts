/**
 * The event form's repeat choices, as RFC 5545 RRULE strings (the API's subset, ADR 0412):
 * "Does not repeat, Daily, Weekly on {weekday}, Monthly on day {n}, Yearly, Custom…".
 */
export type RepeatChoice = 'none' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'custom';

export type CustomFreq = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

export interface CustomRepeat {
  freq: CustomFreq;
  interval: number;
  /** Weekday codes (WEEKLY): MO..SU. */
  weekdays: string[];
  end: { kind: 'never' } | { kind: 'count'; count: number } | { kind: 'until'; date: string };
}

/** RFC 5545's codes, Sunday first as JavaScript's `getDay()`. */
export const DAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
export const DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

function dayParts(date: string) {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(2000, 0, 1);
  day.setFullYear(y ?? 2000, (m ?? 1) - 1, d ?? 1);
  return { weekday: day.getDay(), monthDay: d ?? 1 };
}

/** The choices' labels for an event on `date` (`yyyy-mm-dd`). */
export function repeatOptions(date: string): Array<{ value: RepeatChoice; label: string }> {
  const { weekday, monthDay } = dayParts(date);
  return [
    { value: 'none', label: 'Does not repeat' },
    { value: 'daily', label: 'Daily' },
    { value: 'weekly', label: `Weekly on ${DAY_NAMES[weekday]}` },
    { value: 'monthly', label: `Monthly on day ${monthDay}` },
    { value: 'yearly', label: 'Yearly' },
    { value: 'custom', label: 'Custom…' },
  ];
}

/** The RRULE of a choice for an event on `date`; null for "Does not repeat". */
export function toRrule(choice: RepeatChoice, date: string, custom?: CustomRepeat): string | null {
  const { weekday, monthDay } = dayParts(date);
  switch (choice) {
    case 'none':
      return null;
    case 'daily':
      return 'FREQ=DAILY';
    case 'weekly':
      return `FREQ=WEEKLY;BYDAY=${DAY_CODES[weekday]}`;
    case 'monthly':
      return `FREQ=MONTHLY;BYMONTHDAY=${monthDay}`;
    case 'yearly':
      return 'FREQ=YEARLY';
    case 'custom':
      return custom ? customRrule(custom, date) : null;
  }
}

function customRrule(custom: CustomRepeat, date: string): string {
  const parts = [`FREQ=${custom.freq}`];
  if (custom.interval > 1) parts.push(`INTERVAL=${custom.interval}`);
  if (custom.freq === 'WEEKLY') {
    const days = custom.weekdays.length
      ? DAY_CODES.filter((c) => custom.weekdays.includes(c))
      : [DAY_CODES[dayParts(date).weekday]];
    parts.push(`BYDAY=${days.join(',')}`);
  }
  if (custom.end.kind === 'count') parts.push(`COUNT=${custom.end.count}`);
  if (custom.end.kind === 'until') parts.push(`UNTIL=${custom.end.date.replaceAll('-', '')}`);
  return parts.join(';');
}

/** A rule in words, for the day panel ("Weekly on Thursday", or the rule itself). */
export function describeRrule(rrule: string, date: string): string {
  for (const option of repeatOptions(date)) {
    if (option.value !== 'none' && option.value !== 'custom') {
      if (toRrule(option.value, date) === rrule) return option.label;
    }
  }
  return 'Custom';
}
