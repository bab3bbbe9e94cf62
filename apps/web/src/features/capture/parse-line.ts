import { type Freq, formatRRule, type RRule } from '@prodify/contract';
import * as chrono from 'chrono-node';
import { toLocalIsoDate } from '../../lib/dates';

/**
 * Quick add in plain words: one line becomes a to-do or an event. Everything runs in the
 * browser, with the user's locale and clock. What was understood comes back as chips; a chip
 * the user removed keeps its words in the title, as typed.
 */

export type ChipKind = 'date' | 'time' | 'priority' | 'tag' | 'repeat';

export interface Chip {
  /** Stable while the user types on: the kind and the words it came from. */
  id: string;
  kind: ChipKind;
  /** What was understood, for the chip's text ("Sat 28 Nov", "17:00", "High", "#family"). */
  label: string;
  /** The words it came from, as typed. */
  source: string;
  /**
   * Whether it takes effect. A lone word that only may be a date ("March madness", "Sat down")
   * is offered, not applied: its words stay in the title until the user accepts the chip.
   */
  applied: boolean;
  /** Said on the chip when it does not apply to the kind made (events have no priority). */
  note?: string;
}

export type QuickAddKind = 'todo' | 'event';

export interface ParsedLine {
  kind: QuickAddKind;
  title: string;
  /** `YYYY-MM-DD`; undefined for an undated to-do. */
  date?: string;
  /** `HH:MM`. */
  time?: string;
  priority?: 'H' | 'M' | 'L';
  tags: string[];
  rrule?: string;
  chips: Chip[];
}

export interface ParseOptions {
  now: Date;
  /** A BCP 47 tag: day-first English for `en-GB` and the like; US English otherwise. */
  locale?: string;
  /** Chip ids the user removed: their words stay literal. */
  dismissed?: ReadonlySet<string>;
  /** Chip ids of offered chips the user accepted. */
  accepted?: ReadonlySet<string>;
  /** The kind the user switched to; otherwise a line with a time or a repetition is an event. */
  kind?: QuickAddKind;
}

/** At most this much of a line is parsed (a title's limit is far below). */
export const QUICK_ADD_MAX = 500;

const PRIORITIES: Record<string, { value: 'H' | 'M' | 'L'; label: string }> = {
  '!high': { value: 'H', label: 'High' },
  p1: { value: 'H', label: 'High' },
  '!medium': { value: 'M', label: 'Medium' },
  p2: { value: 'M', label: 'Medium' },
  '!low': { value: 'L', label: 'Low' },
  p3: { value: 'L', label: 'Low' },
};

const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const UNITS: Record<string, Freq> = {
  day: 'DAILY',
  week: 'WEEKLY',
  month: 'MONTHLY',
  year: 'YEARLY',
};
const ADVERBS: Record<string, Freq> = {
  daily: 'DAILY',
  weekly: 'WEEKLY',
  monthly: 'MONTHLY',
  yearly: 'YEARLY',
  annually: 'YEARLY',
};

interface Match {
  index: number;
  text: string;
}

/** A repetition: the contract's RRule subset, and the weekday a weekly one falls on. */
function findRepeat(line: string): (Match & { rule: RRule; label: string }) | undefined {
  const day = `(${DAY_NAMES.join('|')})s?`;
  const patterns: [RegExp, (m: RegExpExecArray) => { rule: RRule; label: string }][] = [
    [
      /\bevery month on the (\d{1,2})(?:st|nd|rd|th)\b/i,
      (m) => ({
        rule: { freq: 'MONTHLY', interval: 1, byMonthDay: [Number(m[1])], wkst: 0 },
        label: `Monthly on the ${m[1]}`,
      }),
    ],
    [
      /\bevery weekday\b/i,
      () => ({
        rule: { freq: 'WEEKLY', interval: 1, byDay: [0, 1, 2, 3, 4].map(nthless), wkst: 0 },
        label: 'Every weekday',
      }),
    ],
    [
      new RegExp(`\\bevery ${day}(?:(?:,| and) ${day})*\\b`, 'i'),
      (m) => {
        const days = [...m[0].matchAll(new RegExp(day, 'gi'))].map((d) =>
          DAY_NAMES.indexOf((d[1] as string).toLowerCase()),
        );
        const names = days.map((d) => capitalise(DAY_NAMES[d] as string));
        return {
          rule: { freq: 'WEEKLY', interval: 1, byDay: days.map(nthless), wkst: 0 },
          label: `Every ${names.join(', ')}`,
        };
      },
    ],
    [
      /\bevery (\d{1,3}|other) (day|week|month|year)s?\b/i,
      (m) => {
        const interval = m[1]?.toLowerCase() === 'other' ? 2 : Number(m[1]);
        const unit = (m[2] as string).toLowerCase();
        return {
          rule: { freq: UNITS[unit] as Freq, interval, wkst: 0 },
          label: interval === 1 ? `Every ${unit}` : `Every ${interval} ${unit}s`,
        };
      },
    ],
    [
      /\bevery (day|week|month|year)\b/i,
      (m) => {
        const unit = (m[1] as string).toLowerCase();
        return {
          rule: { freq: UNITS[unit] as Freq, interval: 1, wkst: 0 },
          label: `Every ${unit}`,
        };
      },
    ],
    [
      /\b(daily|weekly|monthly|yearly|annually)\b/i,
      (m) => {
        const word = (m[1] as string).toLowerCase();
        return {
          rule: { freq: ADVERBS[word] as Freq, interval: 1, wkst: 0 },
          label: capitalise(word),
        };
      },
    ],
  ];
  for (const [pattern, make] of patterns) {
    const m = pattern.exec(line);
    if (m && (m[1] === undefined || !/^\d+$/.test(m[1]) || Number(m[1]) >= 1)) {
      const made = make(m);
      if (made.rule.byMonthDay?.some((d) => d < 1 || d > 31)) continue;
      return { index: m.index, text: m[0], ...made };
    }
  }
  return undefined;
}

const nthless = (weekday: number) => ({ nth: 0, weekday });
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A date found alone in one word, with nothing that says it is meant as one: a month name
 * ("March madness") or a weekday ("Sat down with Sam"). Offered, not applied.
 */
function isLoneWord(result: chrono.ParsedResult): boolean {
  if (/\s/.test(result.text.trim())) return false;
  if (result.start.isCertain('hour')) return false;
  return !result.start.isCertain('day');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The user's locale's chrono parser: day-first English outside the US. */
function parserFor(locale: string | undefined) {
  if (!locale) return chrono.en.casual;
  const lower = locale.toLowerCase();
  if (lower.startsWith('en-') && !['en-us', 'en-ca', 'en-ph'].includes(lower)) {
    return chrono.en.GB;
  }
  return chrono.en.casual;
}

/** Cuts `match` out of the title, leaving one space where it was. */
function cut(title: string, source: string): string {
  const at = title.indexOf(source);
  if (at < 0) return title;
  return `${title.slice(0, at)} ${title.slice(at + source.length)}`;
}

/** Parses one line of quick add. Pure: the same line and options give the same answer. */
export function parseLine(input: string, options: ParseOptions): ParsedLine {
  const line = input.slice(0, QUICK_ADD_MAX);
  const dismissed = options.dismissed ?? new Set<string>();
  const accepted = options.accepted ?? new Set<string>();
  const chips: Chip[] = [];
  let title = line;
  let rest = line; // what the later steps may still read
  const take = (chip: Omit<Chip, 'id'> & { id?: string }): boolean => {
    const id = chip.id ?? `${chip.kind}:${chip.source.toLowerCase()}`;
    if (dismissed.has(id)) return false;
    const applied = chip.applied || accepted.has(id);
    chips.push({ ...chip, id, applied });
    if (applied) title = cut(title, chip.source);
    return applied;
  };

  const tags: string[] = [];
  for (const m of line.matchAll(/(?<=^|\s)#([\p{L}\p{N}_-]{1,32})(?=\s|$)/gu)) {
    const tag = (m[1] as string).toLowerCase();
    // Only what the server takes (lowercase a-z, digits, - and _); anything else stays text.
    if (!/^[a-z0-9_-]+$/.test(tag) || tags.length >= 20) continue;
    if (tags.includes(tag)) {
      title = cut(title, m[0]); // said twice, kept once
      continue;
    }
    if (take({ kind: 'tag', label: `#${tag}`, source: m[0], applied: true })) tags.push(tag);
  }

  let priority: ParsedLine['priority'];
  for (const m of line.matchAll(/(?<=^|\s)(!high|!medium|!low|p[123])(?=\s|$)/gi)) {
    const found = PRIORITIES[(m[1] as string).toLowerCase()];
    if (!found || priority) continue;
    if (take({ kind: 'priority', label: found.label, source: m[0], applied: true })) {
      priority = found.value;
    }
  }

  let rrule: string | undefined;
  let repeatRule: RRule | undefined;
  const repeat = findRepeat(rest);
  if (repeat && take({ kind: 'repeat', label: repeat.label, source: repeat.text, applied: true })) {
    rrule = formatRRule(repeat.rule);
    repeatRule = repeat.rule;
    rest = cut(rest, repeat.text);
  }

  let date: string | undefined;
  let time: string | undefined;
  const parser = parserFor(options.locale);
  for (const result of parser.parse(rest, options.now, { forwardDate: true })) {
    if (date !== undefined || time !== undefined) break; // the first applied phrase decides
    const when = result.start.date();
    const source = result.text;
    const dateId = `date:${source.toLowerCase()}`;
    const timeId = `time:${source.toLowerCase()}`;
    // One phrase, one decision: removing either of its chips keeps the whole phrase as text.
    if (dismissed.has(dateId) || dismissed.has(timeId)) continue;
    const dayKnown = ['day', 'weekday', 'month'].some((part) =>
      result.start.isCertain(part as chrono.Component),
    );
    const timeKnown = result.start.isCertain('hour');
    const applied = !isLoneWord(result) || accepted.has(dateId);
    if (applied) title = cut(title, source);
    if (dayKnown || timeKnown) {
      const label = when.toLocaleDateString(options.locale, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
      });
      chips.push({ id: dateId, kind: 'date', label, source, applied });
      // A bare time in a weekly series is the series' time; its first day is its weekday's.
      if (applied && (dayKnown || !repeatRule)) date = toLocalIsoDate(when);
    }
    if (timeKnown && applied) {
      time = `${pad(when.getHours())}:${pad(when.getMinutes())}`;
      chips.push({ id: timeId, kind: 'time', label: time, source, applied });
    }
  }

  const kind: QuickAddKind = options.kind ?? (time !== undefined || rrule ? 'event' : 'todo');
  if (kind === 'event') {
    // An event needs a day: a weekly rule starts on its next weekday, anything else today.
    date ??= firstDay(repeatRule, options.now);
    const dropped = chips.find((c) => c.kind === 'priority');
    if (dropped) {
      dropped.note = 'Events have no priority: it will be dropped.';
      priority = undefined;
    }
  } else if (rrule && date === undefined) {
    date = firstDay(repeatRule, options.now);
  }
  return {
    kind,
    title: title.replace(/\s+/g, ' ').trim(),
    ...(date !== undefined ? { date } : {}),
    ...(time !== undefined ? { time } : {}),
    ...(priority ? { priority } : {}),
    tags,
    ...(rrule ? { rrule } : {}),
    chips,
  };
}

/** The first day of a series that starts "now": the next of its weekdays, or today. */
function firstDay(rule: RRule | undefined, now: Date): string {
  const weekdays = rule?.byDay?.map((d) => d.weekday);
  if (!weekdays?.length) return toLocalIsoDate(now);
  const day = new Date(now);
  for (let i = 0; i < 7; i++) {
    if (weekdays.includes((day.getDay() + 6) % 7)) break;
    day.setDate(day.getDate() + 1);
  }
  return toLocalIsoDate(day);
}
