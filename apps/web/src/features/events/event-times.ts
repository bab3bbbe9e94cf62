import { END_TIME_MESSAGES, endsAfterStart } from '@prodify/contract';

/*
 * An event's start and end as its form and its editor hold them: `HH:MM` (an `<input
 * type="time">`'s value), empty when not set. The rule itself is the contract's.
 */

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clock = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
const isTime = (value: string) => /^\d{2}:\d{2}/.test(value);

/** Minutes from `start` to `end`, when both are set and the end is after the start. */
export function spanOf(start: string, end: string): number | undefined {
  if (!isTime(start) || !isTime(end) || !endsAfterStart(start, end)) return undefined;
  return minutes(end) - minutes(start);
}

/**
 * The end that keeps `span` minutes after a new start, as calendars move an event; undefined
 * when it would pass midnight (an event ends on its own day) or nothing is to keep.
 */
export function endAfter(start: string, span: number | undefined): string | undefined {
  if (span === undefined || !isTime(start)) return undefined;
  const end = minutes(start) + span;
  return end < 24 * 60 ? clock(end) : undefined;
}

/** The contract's end-time rule, as a message for the End field ('' when it holds). */
export function endTimeError(start: string, end: string): string {
  if (!end) return '';
  if (!start) return END_TIME_MESSAGES.withoutTime;
  return endsAfterStart(start, end) ? '' : END_TIME_MESSAGES.notAfter;
}
