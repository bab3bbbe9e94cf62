import { type Freq, formatRRule, parseRRule, type RRule, WEEKDAYS } from '@prodify/contract';

/**
 * The event form's repeat choices, as RFC 5545 RRULE strings (the API's subset, ADR 0412):
 * "Does not repeat, Daily, Weekly on {weekday}, Monthly on day {n}, Yearly, Custom…". The rule
 * is built as the contract's `RRule` and spelled by its `formatRRule`, so the form sends the
 * spelling the API answers.
 */
export type RepeatChoice = 'none' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'custom';

/** An RFC 5545 weekday code (the contract's `WEEKDAYS`). */
export type WeekdayCode = (typeof WEEKDAYS)[number];

export interface CustomRepeat {
  freq: Freq;
  interval: number;
  /** The days of a WEEKLY rule; none means the event's own weekday. */
  weekdays: WeekdayCode[];
  end: { kind: 'never' } | { kind: 'count'; count: number } | { kind: 'until'; date: string };
}

const DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/**
 * The week as the form shows it and as a custom rule lists its days: Sunday first, as the
 * calendar's weeks and JavaScript's `getDay()`. `weekday` is the contract's (Monday 0).
 */
export const WEEK = DAY_NAMES.map((name, day) => ({ name, ...weekdayOf(day) }));

/** The contract's weekday (Monday 0) and its code, of a `getDay()` (Sunday 0). */
function weekdayOf(day: number) {
  const weekday = (day + 6) % 7;
  return { weekday, code: WEEKDAYS[weekday] as WeekdayCode };
}

function dayParts(date: string) {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(2000, 0, 1);
  day.setFullYear(y ?? 2000, (m ?? 1) - 1, d ?? 1);
  return {
    name: DAY_NAMES[day.getDay()],
    weekday: weekdayOf(day.getDay()).weekday,
    monthDay: d ?? 1,
  };
}

/** The choices' labels for an event on `date` (`yyyy-mm-dd`). */
export function repeatOptions(date: string): Array<{ value: RepeatChoice; label: string }> {
  const { name, monthDay } = dayParts(date);
  return [
    { value: 'none', label: 'Does not repeat' },
    { value: 'daily', label: 'Daily' },
    { value: 'weekly', label: `Weekly on ${name}` },
    { value: 'monthly', label: `Monthly on day ${monthDay}` },
    { value: 'yearly', label: 'Yearly' },
    { value: 'custom', label: 'Custom…' },
  ];
}

const everyOnce = (freq: Freq, more: Partial<RRule> = {}): RRule => ({
  freq,
  interval: 1,
  wkst: 0,
  ...more,
});

function choiceRule(choice: RepeatChoice, date: string, custom?: CustomRepeat): RRule | null {
  const { weekday, monthDay } = dayParts(date);
  switch (choice) {
    case 'none':
      return null;
    case 'daily':
      return everyOnce('DAILY');
    case 'weekly':
      return everyOnce('WEEKLY', { byDay: [{ nth: 0, weekday }] });
    case 'monthly':
      return everyOnce('MONTHLY', { byMonthDay: [monthDay] });
    case 'yearly':
      return everyOnce('YEARLY');
    case 'custom':
      return custom ? customRule(custom, weekday) : null;
  }
}

function customRule(custom: CustomRepeat, eventWeekday: number): RRule {
  const rule = everyOnce(custom.freq, { interval: custom.interval });
  if (custom.freq === 'WEEKLY') {
    const chosen = WEEK.filter((d) => custom.weekdays.includes(d.code)).map((d) => d.weekday);
    const weekdays = chosen.length ? chosen : [eventWeekday];
    rule.byDay = weekdays.map((weekday) => ({ nth: 0, weekday }));
  }
  if (custom.end.kind === 'count') rule.count = custom.end.count;
  if (custom.end.kind === 'until') rule.until = { date: custom.end.date };
  return rule;
}

/** The RRULE of a choice for an event on `date`; null for "Does not repeat". */
export function toRrule(choice: RepeatChoice, date: string, custom?: CustomRepeat): string | null {
  const rule = choiceRule(choice, date, custom);
  return rule ? formatRRule(rule) : null;
}

/** What the form shows for no rule: "Does not repeat", and the custom part's defaults. */
export const DEFAULT_CUSTOM: CustomRepeat = {
  freq: 'WEEKLY',
  interval: 1,
  weekdays: [],
  end: { kind: 'never' },
};

/**
 * The choice (and custom part) that shows a stored rule in the form, for an event on `date`:
 * a preset when the rule is one, else "Custom…" with its frequency, interval, plain weekdays
 * and end. What the custom part cannot show (an nth weekday, month days) is not shown; the
 * editor sends a rule only when the user changes the choice (ADR 0511).
 */
export function repeatOf(
  rrule: string | undefined,
  date: string,
): { choice: RepeatChoice; custom: CustomRepeat } {
  if (!rrule) return { choice: 'none', custom: DEFAULT_CUSTOM };
  const parsed = parseRRule(rrule);
  if (!parsed.ok) return { choice: 'custom', custom: DEFAULT_CUSTOM };
  for (const option of repeatOptions(date)) {
    if (option.value !== 'none' && option.value !== 'custom') {
      if (toRrule(option.value, date) === parsed.text) {
        return { choice: option.value, custom: DEFAULT_CUSTOM };
      }
    }
  }
  const { rule } = parsed;
  const weekdays = WEEK.filter((d) =>
    (rule.byDay ?? []).some((b) => b.nth === 0 && b.weekday === d.weekday),
  ).map((d) => d.code);
  const end: CustomRepeat['end'] =
    rule.count !== undefined
      ? { kind: 'count', count: rule.count }
      : rule.until
        ? { kind: 'until', date: rule.until.date }
        : { kind: 'never' };
  return { choice: 'custom', custom: { freq: rule.freq, interval: rule.interval, weekdays, end } };
}

/** A rule in words ("Weekly on Thursday"), in any spelling the contract reads; else "Custom". */
export function describeRrule(rrule: string, date: string): string {
  const parsed = parseRRule(rrule);
  const text = parsed.ok ? parsed.text : rrule;
  for (const option of repeatOptions(date)) {
    if (option.value !== 'none' && option.value !== 'custom') {
      if (toRrule(option.value, date) === text) return option.label;
    }
  }
  return 'Custom';
}
