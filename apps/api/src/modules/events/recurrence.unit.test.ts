import { parseRRule, type RRule } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { fromDay, occurrences, seriesEnd, toDay, weekdayOf } from './recurrence';

const rule = (text: string): RRule => {
  const parsed = parseRRule(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rule;
};
const expand = (text: string, date: string, from: string, to: string, time: string | null = null) =>
  occurrences(rule(text), date, time, { from, to });

describe('day numbers', () => {
  it('round-trips dates and knows weekdays', () => {
    for (const date of ['0001-01-01', '1970-01-01', '2000-02-29', '2026-11-26', '9999-12-31']) {
      expect(fromDay(toDay(date))).toBe(date);
    }
    expect(weekdayOf(toDay('2026-11-26'))).toBe(3); // a Thursday
    expect(weekdayOf(toDay('2026-11-30'))).toBe(0); // a Monday
    expect(weekdayOf(toDay('1969-12-28'))).toBe(6); // a Sunday, before day 0
  });
});

describe('occurrences', () => {
  it('repeats daily and weekly with INTERVAL, from the start only', () => {
    expect(expand('FREQ=DAILY', '2026-01-30', '2026-01-01', '2026-02-02')).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
    expect(expand('FREQ=DAILY;INTERVAL=10', '2026-01-01', '2026-01-15', '2026-02-28')).toEqual([
      '2026-01-21',
      '2026-01-31',
      '2026-02-10',
      '2026-02-20',
    ]);
    expect(expand('FREQ=WEEKLY', '2026-11-26', '2026-11-01', '2026-12-31')).toEqual([
      '2026-11-26',
      '2026-12-03',
      '2026-12-10',
      '2026-12-17',
      '2026-12-24',
      '2026-12-31',
    ]);
    expect(
      expand('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH', '2026-11-03', '2026-11-01', '2026-11-30'),
    ).toEqual(['2026-11-03', '2026-11-05', '2026-11-17', '2026-11-19']);
    // Far from the start, without walking there (no COUNT).
    expect(expand('FREQ=WEEKLY;INTERVAL=3', '2000-01-03', '2026-01-01', '2026-01-31')).toEqual([
      '2026-01-19',
    ]);
  });

  it('counts the start as the first occurrence, even off the rule (RFC 5545)', () => {
    // 2026-11-26 is a Thursday; the rule picks Mondays.
    expect(
      expand('FREQ=WEEKLY;BYDAY=MO;COUNT=3', '2026-11-26', '2026-11-01', '2026-12-31'),
    ).toEqual(['2026-11-26', '2026-11-30', '2026-12-07']);
    expect(expand('FREQ=DAILY;COUNT=1', '2026-11-26', '2026-11-01', '2026-12-31')).toEqual([
      '2026-11-26',
    ]);
  });

  it('skips the 31st in shorter months', () => {
    expect(expand('FREQ=MONTHLY', '2026-01-31', '2026-01-01', '2026-12-31')).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
      '2026-08-31',
      '2026-10-31',
      '2026-12-31',
    ]);
    expect(
      expand('FREQ=MONTHLY;BYMONTHDAY=31;COUNT=4', '2026-01-31', '2026-01-01', '2027-12-31'),
    ).toEqual(['2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31']);
    // The last day of every month is BYMONTHDAY=-1.
    expect(expand('FREQ=MONTHLY;BYMONTHDAY=-1', '2028-01-31', '2028-01-01', '2028-04-30')).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
    ]);
  });

  it('skips 29 February in common years', () => {
    expect(expand('FREQ=YEARLY', '2024-02-29', '2024-01-01', '2033-12-31')).toEqual([
      '2024-02-29',
      '2028-02-29',
      '2032-02-29',
    ]);
    // 2100 is not a leap year, 2400 is.
    expect(expand('FREQ=YEARLY;INTERVAL=4', '2096-02-29', '2096-01-01', '2110-12-31')).toEqual([
      '2096-02-29',
      '2104-02-29',
      '2108-02-29',
    ]);
    expect(expand('FREQ=YEARLY;COUNT=3', '2024-02-29', '2024-01-01', '2040-12-31')).toEqual([
      '2024-02-29',
      '2028-02-29',
      '2032-02-29',
    ]);
  });

  it('expands monthly BYDAY: every, the nth and the last weekday', () => {
    expect(expand('FREQ=MONTHLY;BYDAY=2TU', '2026-01-13', '2026-01-01', '2026-04-30')).toEqual([
      '2026-01-13',
      '2026-02-10',
      '2026-03-10',
      '2026-04-14',
    ]);
    expect(expand('FREQ=MONTHLY;BYDAY=-1FR', '2026-01-30', '2026-01-01', '2026-03-31')).toEqual([
      '2026-01-30',
      '2026-02-27',
      '2026-03-27',
    ]);
    // A fifth Monday exists in some months only.
    expect(expand('FREQ=MONTHLY;BYDAY=5MO', '2026-03-30', '2026-03-01', '2026-09-30')).toEqual([
      '2026-03-30',
      '2026-06-29',
      '2026-08-31',
    ]);
    // Friday the 13th: BYDAY limits BYMONTHDAY.
    expect(
      expand('FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR', '2026-02-13', '2026-01-01', '2026-12-31'),
    ).toEqual(['2026-02-13', '2026-03-13', '2026-11-13']);
  });

  it('limits DAILY by BYDAY and BYMONTHDAY', () => {
    expect(expand('FREQ=DAILY;BYDAY=SA,SU', '2026-11-26', '2026-11-26', '2026-12-06')).toEqual([
      '2026-11-26',
      '2026-11-28',
      '2026-11-29',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(expand('FREQ=DAILY;BYMONTHDAY=1,15', '2026-01-01', '2026-01-01', '2026-02-28')).toEqual([
      '2026-01-01',
      '2026-01-15',
      '2026-02-01',
      '2026-02-15',
    ]);
  });

  it('stops at COUNT and at UNTIL (inclusive), and at the window', () => {
    expect(expand('FREQ=DAILY;COUNT=3', '2026-01-01', '2026-01-02', '2026-12-31')).toEqual([
      '2026-01-02',
      '2026-01-03',
    ]);
    expect(expand('FREQ=WEEKLY;UNTIL=20260115', '2026-01-01', '2026-01-01', '2026-12-31')).toEqual([
      '2026-01-01',
      '2026-01-08',
      '2026-01-15',
    ]);
    // A date-time UNTIL: the last day's occurrence counts only if it starts by then.
    const until = 'FREQ=DAILY;UNTIL=20260103T090000';
    expect(expand(until, '2026-01-01', '2026-01-01', '2026-01-31', '08:30:00')).toHaveLength(3);
    expect(expand(until, '2026-01-01', '2026-01-01', '2026-01-31', '09:30:00')).toHaveLength(2);
    expect(expand(until, '2026-01-01', '2026-01-01', '2026-01-31', null)).toHaveLength(3);
    expect(expand('FREQ=DAILY', '2026-01-01', '2025-01-01', '2025-12-31')).toEqual([]);
    expect(expand('FREQ=DAILY', '9999-12-30', '9999-12-01', '9999-12-31')).toEqual([
      '9999-12-30',
      '9999-12-31',
    ]);
  });

  it('knows where a series ends, and refuses a COUNT that would walk too far', () => {
    expect(seriesEnd(rule('FREQ=WEEKLY'), '2026-01-01', null)).toBeNull();
    expect(seriesEnd(rule('FREQ=WEEKLY;COUNT=3'), '2026-01-01', null)).toBe('2026-01-15');
    expect(seriesEnd(rule('FREQ=MONTHLY;COUNT=2'), '2026-01-31', null)).toBe('2026-03-31');
    expect(seriesEnd(rule('FREQ=DAILY;UNTIL=20260301'), '2026-01-01', null)).toBe('2026-03-01');
    // Monday the 31st comes a few times a decade: 5,000 of them do not fit before year 9999.
    expect(
      seriesEnd(rule('FREQ=DAILY;BYMONTHDAY=31;BYDAY=MO;COUNT=5000'), '2026-08-31', null),
    ).toBeUndefined();
  });
});
