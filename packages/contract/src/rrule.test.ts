import { describe, expect, it } from 'vitest';
import { parseRRule } from './rrule';

const error = (text: string) => {
  const parsed = parseRRule(text);
  return parsed.ok ? `accepted as ${parsed.text}` : parsed.message;
};
const canonical = (text: string) => {
  const parsed = parseRRule(text);
  return parsed.ok ? parsed.text : `refused: ${parsed.message}`;
};

describe('parseRRule', () => {
  it('accepts the subset, case-insensitively, and answers one spelling', () => {
    expect(canonical('FREQ=WEEKLY')).toBe('FREQ=WEEKLY');
    expect(canonical('rrule:freq=weekly;byday=mo,we')).toBe('FREQ=WEEKLY;BYDAY=MO,WE');
    expect(canonical('COUNT=5;INTERVAL=2;FREQ=DAILY')).toBe('FREQ=DAILY;INTERVAL=2;COUNT=5');
    expect(canonical('FREQ=DAILY;INTERVAL=1;WKST=MO')).toBe('FREQ=DAILY');
    expect(canonical('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;WKST=SU')).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;WKST=SU',
    );
    expect(canonical('FREQ=MONTHLY;BYDAY=+2TU,-1FR')).toBe('FREQ=MONTHLY;BYDAY=2TU,-1FR');
    expect(canonical('FREQ=MONTHLY;BYMONTHDAY=-1,15')).toBe('FREQ=MONTHLY;BYMONTHDAY=-1,15');
    expect(canonical('FREQ=YEARLY;UNTIL=20301231')).toBe('FREQ=YEARLY;UNTIL=20301231');
    expect(canonical('FREQ=DAILY;UNTIL=20301231T235959Z')).toBe('FREQ=DAILY;UNTIL=20301231T235959');
    const parsed = parseRRule('FREQ=MONTHLY;BYDAY=-1FR;COUNT=3');
    expect(parsed.ok && parsed.rule).toEqual({
      freq: 'MONTHLY',
      interval: 1,
      wkst: 0,
      byDay: [{ nth: -1, weekday: 4 }],
      count: 3,
    });
  });

  it('refuses what RFC 5545 or the subset does not allow, saying why', () => {
    const cases: [string, string][] = [
      ['', 'This field may not be blank.'],
      ['RRULE:', 'This field may not be blank.'],
      ['FREQ=HOURLY', 'Unknown FREQ: HOURLY. Use DAILY, WEEKLY, MONTHLY or YEARLY.'],
      ['FREQ=', 'Unknown FREQ: (empty). Use DAILY, WEEKLY, MONTHLY or YEARLY.'],
      ['INTERVAL=2', 'FREQ is required.'],
      ['FREQ=DAILY;FREQ=WEEKLY', 'FREQ is given twice.'],
      ['FREQ=WEEKLY;BYDAY=XX', 'Unknown BYDAY value: XX.'],
      ['FREQ=WEEKLY;BYDAY=MO,', 'Unknown BYDAY value: (empty).'],
      ['FREQ=WEEKLY;BYDAY=MONDAY', 'Unknown BYDAY value: MONDAY.'],
      ['FREQ=MONTHLY;BYDAY=0MO', 'Unknown BYDAY value: 0MO.'],
      ['FREQ=MONTHLY;BYDAY=6MO', 'With FREQ=MONTHLY a numbered BYDAY must be 1 to 5 or -5 to -1.'],
      ['FREQ=WEEKLY;BYDAY=1MO', 'A numbered BYDAY (like 1MO) needs FREQ=MONTHLY.'],
      ['FREQ=WEEKLY;BYDAY=MO,MO', 'BYDAY lists MO twice.'],
      ['FREQ=DAILY;COUNT=0', 'COUNT must be a positive integer.'],
      ['FREQ=DAILY;COUNT=-3', 'COUNT must be a positive integer.'],
      ['FREQ=DAILY;COUNT=2.5', 'COUNT must be a positive integer.'],
      ['FREQ=DAILY;COUNT=ten', 'COUNT must be a positive integer.'],
      ['FREQ=DAILY;COUNT=5001', 'COUNT must be at most 5000.'],
      ['FREQ=DAILY;COUNT=3;UNTIL=20300101', 'COUNT and UNTIL cannot both be given.'],
      ['FREQ=DAILY;INTERVAL=0', 'INTERVAL must be a positive integer.'],
      ['FREQ=DAILY;INTERVAL=1000', 'INTERVAL must be at most 999.'],
      [
        'FREQ=DAILY;UNTIL=20300230',
        'UNTIL must be a date (YYYYMMDD) or a date-time (YYYYMMDDTHHMMSS).',
      ],
      [
        'FREQ=DAILY;UNTIL=2030-01-01',
        'UNTIL must be a date (YYYYMMDD) or a date-time (YYYYMMDDTHHMMSS).',
      ],
      [
        'FREQ=DAILY;UNTIL=20300101T250000',
        'UNTIL must be a date (YYYYMMDD) or a date-time (YYYYMMDDTHHMMSS).',
      ],
      ['FREQ=MONTHLY;BYMONTHDAY=0', 'BYMONTHDAY values must be 1 to 31 or -31 to -1, not 0.'],
      ['FREQ=MONTHLY;BYMONTHDAY=32', 'BYMONTHDAY values must be 1 to 31 or -31 to -1, not 32.'],
      ['FREQ=WEEKLY;BYMONTHDAY=1', 'BYMONTHDAY cannot be used with FREQ=WEEKLY.'],
      ['FREQ=YEARLY;BYDAY=MO', 'BYDAY with FREQ=YEARLY is not supported.'],
      ['FREQ=YEARLY;BYMONTHDAY=1', 'BYMONTHDAY with FREQ=YEARLY is not supported.'],
      [
        'FREQ=YEARLY;BYMONTH=3',
        'BYMONTH is not supported. Use FREQ, INTERVAL, BYDAY, BYMONTHDAY, COUNT, UNTIL.',
      ],
      ['FREQ=DAILY;COLOR=RED', 'Unknown rule part: COLOR.'],
      ['FREQ=DAILY;WKST=XX', 'Unknown WKST value: XX.'],
      ['FREQ=DAILY;', 'Not an RRULE: "" is not NAME=VALUE.'],
      ['FREQ DAILY', 'Not an RRULE: "FREQ DAILY" is not NAME=VALUE.'],
      [`FREQ=DAILY;${'X'.repeat(260)}`, 'Ensure this field has no more than 255 characters.'],
    ];
    for (const [text, message] of cases) expect(error(text), text).toBe(message);
  });
});
