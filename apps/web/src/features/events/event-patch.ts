import type { CalendarEvent, EventPatch } from '@prodify/contract';
import { parseRRule } from '@prodify/contract';
import { shortTime } from '../../lib/dates';
import { type CustomRepeat, type RepeatChoice, repeatOf, toRrule } from './repeat';

/** What the event editor holds: the create form's fields, as their inputs give them. */
export interface EventDraft {
  title: string;
  date: string;
  /** `HH:MM`, or empty for an event without a time. */
  time: string;
  /** `HH:MM`, or empty; kept while the time is empty, but not sent then. */
  end: string;
  repeat: { choice: RepeatChoice; custom: CustomRepeat };
}

/** The editor's first state: the event as stored. */
export function draftOf(event: CalendarEvent): EventDraft {
  return {
    title: event.title,
    date: event.date,
    time: event.time ? shortTime(event.time) : '',
    end: event.end_time ? shortTime(event.end_time) : '',
    repeat: repeatOf(event.rrule, event.date),
  };
}

const sameRepeat = (a: EventDraft['repeat'], b: EventDraft['repeat']) =>
  a.choice === b.choice &&
  (a.choice !== 'custom' || JSON.stringify(a.custom) === JSON.stringify(b.custom));

/**
 * The fields the draft changes, as a PATCH body (none when nothing changed). The rule is sent
 * only when the user changed the repeat choice, so a rule the form cannot show is kept as it
 * is (ADR 0511); an end is dropped with its time (the API refuses an end without a start).
 */
export function eventPatch(event: CalendarEvent, draft: EventDraft): EventPatch {
  const before = draftOf(event);
  const patch: EventPatch = {};
  const title = draft.title.trim();
  if (title !== event.title) patch.title = title;
  if (draft.date !== event.date) patch.date = draft.date;
  if (draft.time !== before.time) patch.time = draft.time || null;
  const end = draft.time ? draft.end : '';
  if (end !== before.end) patch.end_time = end || null;
  if (!sameRepeat(draft.repeat, before.repeat)) {
    const rrule = toRrule(draft.repeat.choice, draft.date, draft.repeat.custom);
    const stored = event.rrule ? parseRRule(event.rrule) : undefined;
    const storedText = stored?.ok ? stored.text : (event.rrule ?? null);
    if (rrule !== storedText) patch.rrule = rrule;
  }
  return patch;
}
