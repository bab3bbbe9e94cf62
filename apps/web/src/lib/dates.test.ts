import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  centuryStart,
  decadeStart,
  eventLabel,
  firstOfMonth,
  formatLongDate,
  formatShortDate,
  formatUsDate,
  monthRange,
  parseLocalIsoDate,
  shortTime,
  toLocalIsoDate,
} from './dates';

const originalTz = process.env.TZ;
function restoreTz() {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
}

describe('toLocalIsoDate', () => {
  afterEach(restoreTz);

  it('uses the local date east of UTC (Auckland), where the UTC date is the day before', () => {
    process.env.TZ = 'Pacific/Auckland';
    // 12:30 UTC on 10 March is 01:30 on 11 March in Auckland (NZDT, UTC+13).
    const instant = new Date(Date.UTC(2026, 2, 10, 12, 30));
    expect(instant.toISOString().slice(0, 10)).toBe('2026-03-10');
    expect(toLocalIsoDate(instant)).toBe('2026-03-11');
  });

  it('uses the local date west of UTC (Los Angeles), where the UTC date is the day after', () => {
    process.env.TZ = 'America/Los_Angeles';
    // 05:00 UTC on 11 March is 22:00 on 10 March in Los Angeles (PDT, UTC-7).
    const instant = new Date(Date.UTC(2026, 2, 11, 5, 0));
    expect(instant.toISOString().slice(0, 10)).toBe('2026-03-11');
    expect(toLocalIsoDate(instant)).toBe('2026-03-10');
  });

  it('pads months, days and small years', () => {
    expect(toLocalIsoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
    const early = new Date(2000, 0, 1);
    early.setFullYear(33, 6, 9);
    expect(toLocalIsoDate(early)).toBe('0033-07-09');
  });
});

describe('parseLocalIsoDate', () => {
  beforeEach(() => {
    process.env.TZ = 'America/Los_Angeles';
  });
  afterEach(restoreTz);

  it('gives local midnight of the day, round-tripping through toLocalIsoDate', () => {
    const date = parseLocalIsoDate('2026-11-01');
    expect(date?.getHours()).toBe(0);
    expect(date && toLocalIsoDate(date)).toBe('2026-11-01');
    expect(toLocalIsoDate(parseLocalIsoDate('0099-12-31') as Date)).toBe('0099-12-31');
  });

  it('rejects impossible dates and other formats', () => {
    expect(parseLocalIsoDate('2025-02-29')).toBeUndefined();
    expect(parseLocalIsoDate('2024-02-29')).toBeDefined();
    expect(parseLocalIsoDate('2026-13-01')).toBeUndefined();
    expect(parseLocalIsoDate('2026-1-1')).toBeUndefined();
    expect(parseLocalIsoDate('')).toBeUndefined();
  });
});

describe('formatUsDate', () => {
  it('writes month/day/year', () => {
    expect(formatUsDate('2026-11-21T14:45:20.277636Z', 'UTC')).toBe('11/21/2026');
  });

  it("shows the viewer's calendar day", () => {
    expect(formatUsDate('2026-11-21T14:45:20Z', 'Pacific/Auckland')).toBe('11/22/2026');
    expect(formatUsDate('2026-11-21T03:00:00Z', 'America/Los_Angeles')).toBe('11/20/2026');
  });

  it('is empty for an unreadable timestamp', () => {
    expect(formatUsDate('nope')).toBe('');
  });
});

describe('event labels', () => {
  it("adds ' @ HH:MM' only when there is a time", () => {
    expect(eventLabel({ title: 'Dentist', time: '09:05:00' })).toBe('Dentist @ 09:05');
    expect(eventLabel({ title: 'Holiday', time: null })).toBe('Holiday');
    expect(eventLabel({ title: 'Review', time: '09:00:00', end_time: '10:30:00' })).toBe(
      'Review @ 09:00–10:30',
    );
    expect(shortTime('23:59:59')).toBe('23:59');
  });
});

describe('calendar view math', () => {
  it('gives the whole month as a range, leap years included', () => {
    expect(monthRange(new Date(2024, 1, 14))).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange(new Date(2026, 11, 31))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('finds the decade and the century of a year', () => {
    expect(decadeStart(2026)).toBe(2020);
    expect(decadeStart(2030)).toBe(2030);
    expect(centuryStart(2026)).toBe(2000);
    expect(centuryStart(1999)).toBe(1900);
  });

  it('builds the first of a month for early years', () => {
    const date = firstOfMonth(12, 3);
    expect(date.getFullYear()).toBe(12);
    expect(date.getMonth()).toBe(3);
    expect(date.getDate()).toBe(1);
  });
});

describe('formatShortDate and formatLongDate', () => {
  it('write a yyyy-mm-dd day as that local day, in the locale of the runtime', () => {
    const day = new Date(2030, 0, 15);
    expect(formatShortDate('2030-01-15')).toBe(new Intl.DateTimeFormat().format(day));
    expect(formatLongDate('2030-01-15')).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'full' }).format(day),
    );
  });

  it('leave what is not a date as it is', () => {
    expect(formatShortDate('soon')).toBe('soon');
    expect(formatLongDate('2030-02-30')).toBe('2030-02-30');
  });
});
