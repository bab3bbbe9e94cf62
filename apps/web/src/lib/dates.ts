const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The LOCAL calendar date of `date` as `yyyy-mm-dd`. (The original used `toISOString()`,
 * which is the UTC date: one day off east of UTC before noon, and west of UTC in the evening.)
 */
export function toLocalIsoDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of a `yyyy-mm-dd` date; undefined when it is not one. */
export function parseLocalIsoDate(value: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const date = new Date(year, month, day);
  // Years below 100 are mapped to 1900+ by the Date constructor; set them explicitly.
  date.setFullYear(year, month, day);
  if (date.getFullYear() !== year || date.getMonth() !== month || date.getDate() !== day) {
    return undefined;
  }
  return date;
}

/** The interface's one long date, in the viewer's locale (en-GB: "Friday, 27 November 2026"). */
const LONG_DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'full' });

/** A `yyyy-mm-dd` date as the interface writes it out (the date itself when it is not one). */
export function formatLongDate(iso: string): string {
  const date = parseLocalIsoDate(iso);
  return date ? LONG_DATE.format(date) : iso;
}

/** The interface's short date, in the viewer's locale (en-US: "11/27/2026", en-GB: "27/11/2026"). */
const SHORT_DATE = new Intl.DateTimeFormat();

/** A `yyyy-mm-dd` day, or an instant's local day, as the interface writes it in short. */
export function formatShortDate(value: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseLocalIsoDate(value) : new Date(value);
  return date && !Number.isNaN(date.getTime()) ? SHORT_DATE.format(date) : value;
}

/** A note's creation date in US format (M/D/YYYY), in the viewer's time zone by default. */
export function formatUsDate(timestamp: string, timeZone?: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', timeZone ? { timeZone } : undefined);
}

/** `HH:MM:SS` → `HH:MM` (the spec shows the first 5 characters). */
export function shortTime(time: string): string {
  return time.slice(0, 5);
}

/**
 * An event as the panel lists it: the title, plus ' @ HH:MM' when it has a time, and
 * '–HH:MM' after it when it has an end time.
 */
export function eventLabel(event: {
  title: string;
  time: string | null;
  end_time?: string | null;
}): string {
  if (!event.time) return event.title;
  const end = event.end_time ? `–${shortTime(event.end_time)}` : '';
  return `${event.title} @ ${shortTime(event.time)}${end}`;
}

/** First and last local day of the month that contains `date`, as `yyyy-mm-dd`. */
export function monthRange(date: Date): { from: string; to: string } {
  const first = new Date(date.getFullYear(), date.getMonth(), 1);
  first.setFullYear(date.getFullYear(), date.getMonth(), 1);
  const last = new Date(date.getFullYear(), date.getMonth() + 1, 0);
  last.setFullYear(date.getFullYear(), date.getMonth() + 1, 0);
  return { from: toLocalIsoDate(first), to: toLocalIsoDate(last) };
}

/** The first year of the decade (…0) and of the century (…00) containing `year`. */
export function decadeStart(year: number): number {
  return year - (((year % 10) + 10) % 10);
}

export function centuryStart(year: number): number {
  return year - (((year % 100) + 100) % 100);
}

/** Local midnight of the first day of a month, for any year (0001–9999). */
export function firstOfMonth(year: number, month: number): Date {
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month, 1);
  return date;
}
