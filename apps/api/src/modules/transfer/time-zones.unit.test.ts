import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { customZone, ianaZoneOf, wallToUtc } from './time-zones';

const vtimezone = (...lines: string[]) =>
  new ICAL.Component(
    ICAL.parse(
      ['BEGIN:VTIMEZONE', 'TZID:Custom', ...lines, 'END:VTIMEZONE'].join('\r\n'),
    ) as unknown[],
  );

/** New York as a VTIMEZONE writes it since 2007 (second Sunday of March, first of November). */
const NEW_YORK = vtimezone(
  'BEGIN:DAYLIGHT',
  'DTSTART:20070311T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'DTSTART:20071104T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'END:STANDARD',
);

describe('customZone', () => {
  it('gives the offsets Intl gives for America/New_York, every 6 hours over four years', () => {
    const custom = customZone(NEW_YORK);
    if (!custom.ok) throw new Error(custom.reason);
    const iana = ianaZoneOf('America/New_York');
    if (!iana) throw new Error('Intl knows no America/New_York');
    for (let t = Date.UTC(2008, 0, 1); t < Date.UTC(2012, 0, 1); t += 6 * 3_600_000) {
      expect(custom.zone.offsetAt(t), new Date(t).toISOString()).toBe(iana.offsetAt(t));
    }
  });

  it('turns wall times on both sides of a change into the right instants', () => {
    const custom = customZone(NEW_YORK);
    if (!custom.ok) throw new Error(custom.reason);
    // 2027-03-14 is the second Sunday of March: 01:30 is EST, 03:30 EDT.
    expect(wallToUtc(custom.zone, Date.UTC(2027, 2, 14, 1, 30))).toBe(Date.UTC(2027, 2, 14, 6, 30));
    expect(wallToUtc(custom.zone, Date.UTC(2027, 2, 14, 3, 30))).toBe(Date.UTC(2027, 2, 14, 7, 30));
  });

  it('refuses rules it would have to walk, at once', () => {
    for (const rule of [
      'FREQ=SECONDLY',
      'FREQ=DAILY',
      'FREQ=MONTHLY;BYDAY=1SU',
      'FREQ=YEARLY;INTERVAL=2;BYMONTH=3;BYDAY=2SU',
      'FREQ=YEARLY;BYMONTH=3;BYDAY=SU',
      'FREQ=YEARLY;BYMONTH=3;BYDAY=2SU;BYHOUR=2',
    ]) {
      const zone = customZone(
        vtimezone(
          'BEGIN:STANDARD',
          'DTSTART:16010101T000000',
          `RRULE:${rule}`,
          'TZOFFSETFROM:+0100',
          'TZOFFSETTO:+0000',
          'END:STANDARD',
        ),
      );
      expect(zone.ok, rule).toBe(false);
    }
  });

  it('takes BYMONTHDAY with BYDAY (the first Sunday on or after the 8th) and fixed offsets', () => {
    const zone = customZone(
      vtimezone(
        'BEGIN:DAYLIGHT',
        'DTSTART:19870405T020000',
        'RRULE:FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=8,9,10,11,12,13,14;BYDAY=SU',
        'TZOFFSETFROM:-0500',
        'TZOFFSETTO:-0400',
        'END:DAYLIGHT',
        'BEGIN:STANDARD',
        'DTSTART:19871025T020000',
        'RRULE:FREQ=YEARLY;BYMONTH=11;BYMONTHDAY=1,2,3,4,5,6,7;BYDAY=SU',
        'TZOFFSETFROM:-0400',
        'TZOFFSETTO:-0500',
        'END:STANDARD',
      ),
    );
    if (!zone.ok) throw new Error(zone.reason);
    expect(zone.zone.offsetAt(Date.UTC(2026, 6, 1))).toBe(-4 * 3_600_000);
    expect(zone.zone.offsetAt(Date.UTC(2026, 0, 1))).toBe(-5 * 3_600_000);
    const fixed = customZone(
      vtimezone(
        'BEGIN:STANDARD',
        'DTSTART:19700101T000000',
        'TZOFFSETFROM:+0530',
        'TZOFFSETTO:+0530',
        'END:STANDARD',
      ),
    );
    if (!fixed.ok) throw new Error(fixed.reason);
    expect(fixed.zone.offsetAt(Date.UTC(9999, 0, 1))).toBe(5.5 * 3_600_000);
  });
});

describe('ianaZoneOf', () => {
  it('knows IANA names, also at the end of a longer TZID, and nothing else', () => {
    expect(ianaZoneOf('Europe/Berlin')).toBeDefined();
    expect(ianaZoneOf('/mozilla.org/20050126_1/Europe/Berlin')).toBeDefined();
    expect(ianaZoneOf('/citadel.org/20190914_1/America/Argentina/Buenos_Aires')).toBeDefined();
    expect(ianaZoneOf('W. Europe Standard Time')).toBeUndefined();
    expect(ianaZoneOf('Berlin')).toBeUndefined();
    expect(ianaZoneOf('x'.repeat(1000))).toBeUndefined();
  });
});
