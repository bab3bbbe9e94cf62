import { describe, expect, it } from 'vitest';
import { DRF, zodToFieldErrors } from './common';
import {
  END_DATE_MESSAGES,
  EVENT_RANGE_MESSAGES,
  EventBodySchema,
  EventQuerySchema,
  endDateError,
} from './events';

const errorsOf = (query: object) => {
  const result = EventQuerySchema.safeParse(query);
  return result.success ? undefined : zodToFieldErrors(result.error);
};

describe('EventQuerySchema', () => {
  it('takes start and end together, in order, at most 366 days counting both', () => {
    expect(errorsOf({ start: '2026-01-01' })).toEqual({ end: [DRF.required] });
    expect(errorsOf({ end: '2026-01-01' })).toEqual({ start: [DRF.required] });
    expect(errorsOf({ start: '2026-02-01', end: '2026-01-31' })).toEqual({
      end: [EVENT_RANGE_MESSAGES.endBeforeStart],
    });
    expect(errorsOf({ start: '2026-01-01', end: '2027-01-02' })).toEqual({
      end: [EVENT_RANGE_MESSAGES.tooLong],
    });
    expect(EVENT_RANGE_MESSAGES.tooLong).toBe('Ensure the range spans at most 366 days.');
    for (const ok of [
      {},
      { date: '' },
      { start: '2028-01-01', end: '2028-12-31' },
      { start: '2026-03-01', end: '2026-03-01' },
      // Years below 100 are years, not 19xx.
      { start: '0099-06-01', end: '0100-05-31' },
    ]) {
      expect(errorsOf(ok), JSON.stringify(ok)).toBeUndefined();
    }
    expect(errorsOf({ start: '0099-06-01', end: '0100-06-02' })).toEqual({
      end: [EVENT_RANGE_MESSAGES.tooLong],
    });
  });

  it('checks the range only when every field is valid, as DRF runs validate()', () => {
    expect(errorsOf({ start: 'yesterday' })).toEqual({ start: [DRF.dateFormat] });
    expect(errorsOf({ start: '2026-02-01', end: '2026-13-01' })).toEqual({
      end: [DRF.dateFormat],
    });
    expect(errorsOf({ date: 'today', start: '2026-02-01' })).toEqual({ date: [DRF.dateFormat] });
    expect(errorsOf({ from: '', start: '2026-02-01', end: '2026-01-01' })).toEqual({
      from: [DRF.dateFormat],
    });
  });
});

describe('end_date, description and location', () => {
  it('checks the end date against the date and time, at most 366 days counting both', () => {
    expect(endDateError('2026-12-24', null, '2026-12-24')).toBeUndefined();
    expect(endDateError('2026-12-24', null, '2027-12-24')).toBeUndefined(); // 366 days
    expect(endDateError('2026-12-24', null, '2027-12-25')).toBe(END_DATE_MESSAGES.tooLong);
    expect(endDateError('2026-12-24', null, '2026-12-23')).toBe(END_DATE_MESSAGES.beforeDate);
    expect(endDateError('2026-12-24', '10:00:00', '2026-12-25')).toBe(END_DATE_MESSAGES.withTime);
  });

  it('reads blank texts as "not set", keeps Markdown indentation and trims a place', () => {
    const parse = (body: object) =>
      EventBodySchema.parse({ title: 't', date: '2026-01-01', ...body });
    expect(parse({ description: ' \n ', location: '  ' })).toMatchObject({
      description: null,
      location: null,
    });
    expect(parse({ description: '    code\n', location: ' Park ' })).toMatchObject({
      description: '    code',
      location: 'Park',
    });
  });
});
