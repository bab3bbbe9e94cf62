import { describe, expect, it } from 'vitest';
import { CalendarParseError, checkedCalendarText } from './ics-lines';

const cal = (...lines: string[]) => ['BEGIN:VCALENDAR', ...lines, 'END:VCALENDAR'].join('\r\n');
const refused = (text: string, limits?: Parameters<typeof checkedCalendarText>[1]) => {
  try {
    checkedCalendarText(text, limits);
  } catch (error) {
    if (error instanceof CalendarParseError) return error.message;
    throw error;
  }
  return undefined;
};

describe('checkedCalendarText', () => {
  it('unfolds lines and marks bare dates as DATEs, leaving everything else as written', () => {
    const text = cal(
      'BEGIN:VEVENT',
      'SUMMARY:Long',
      ' er title',
      'DTSTART:20260101',
      'EXDATE:20260102,20260103',
      'DTEND;VALUE=DATE:20260102',
      'DUE:20260101T100000',
      'END:VEVENT',
    );
    expect(checkedCalendarText(text).split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'SUMMARY:Longer title',
      'DTSTART;VALUE=DATE:20260101',
      'EXDATE;VALUE=DATE:20260102,20260103',
      'DTEND;VALUE=DATE:20260102',
      'DUE:20260101T100000',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
  });

  it('stops at the first limit, naming it', () => {
    const limits: Parameters<typeof checkedCalendarText>[1] & object = {
      icsLines: 10,
      icsLineChars: 20,
      icsDepth: 3,
      icsComponents: 3,
      icsProperties: 2,
    };
    expect(
      refused(cal('BEGIN:A', ...Array(20).fill(' folded'), 'END:A'), {
        ...limits,
        icsLineChars: 999,
      }),
    ).toMatch(/more than 10 lines/);
    expect(refused(cal(`X:${'a'.repeat(30)}`), limits)).toMatch(/line 2 is longer than 20/);
    expect(
      refused(cal('BEGIN:A', 'BEGIN:B', 'BEGIN:C', 'END:C', 'END:B', 'END:A'), limits),
    ).toMatch(/more than 3 deep/);
    expect(
      refused(cal('BEGIN:A', 'END:A', 'BEGIN:B', 'END:B', 'BEGIN:C', 'END:C'), limits),
    ).toMatch(/more than 3 components/);
    expect(refused(cal('BEGIN:A', 'X:1', 'Y:2', 'Z:3', 'END:A'), limits)).toMatch(
      /line 5 is one property too many/,
    );
  });

  it('refuses what is not iCalendar: no colon, unbalanced END, text after the end, another root', () => {
    expect(refused('')).toMatch(/it is empty/);
    expect(refused(cal('no colon here'))).toMatch(/line 2 is not NAME:VALUE/);
    expect(refused(cal('BEGIN:VEVENT', 'END:VTODO'))).toMatch(/ends VTODO, which is not open/);
    expect(refused(`${cal()}\r\nX:1`)).toMatch(/comes after END:VCALENDAR/);
    expect(refused('BEGIN:VEVENT\r\nEND:VEVENT')).toMatch(/begins VEVENT, not VCALENDAR/);
    expect(refused('BEGIN:VCALENDAR\r\nBEGIN:VEVENT')).toMatch(/VEVENT is never ended/);
  });
});
