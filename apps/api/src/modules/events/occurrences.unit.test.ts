import type { EventItem } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { type EventRow, type ExceptionRow, expand } from './occurrences';

const series: EventRow = {
  id: 7,
  title: 'Weekly',
  date: '2026-11-05',
  time: '10:00:00',
  end_time: null,
  rrule: 'FREQ=WEEKLY;COUNT=4',
};
const plain: EventRow = {
  id: 8,
  title: 'Plain',
  date: '2026-11-12',
  time: null,
  end_time: null,
  rrule: null,
};
const change = (occurrence: string, fields: Partial<ExceptionRow>): ExceptionRow => ({
  event_id: 7,
  occurrence,
  deleted: false,
  title: 'Weekly',
  date: occurrence,
  time: '10:00:00',
  end_time: null,
  ...fields,
});
const brief = (items: EventItem[]) =>
  items.map((e) => `${e.date} ${e.time ?? '-'} ${e.title} ${e.occurrence ?? ''}`.trim());
const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };

describe('expand', () => {
  it('places plain events and occurrences by date, untimed first, then time, then creation', () => {
    expect(brief(expand([series, plain], [], NOVEMBER))).toEqual([
      '2026-11-05 10:00:00 Weekly 2026-11-05',
      '2026-11-12 - Plain',
      '2026-11-12 10:00:00 Weekly 2026-11-12',
      '2026-11-19 10:00:00 Weekly 2026-11-19',
      '2026-11-26 10:00:00 Weekly 2026-11-26',
    ]);
  });

  it('leaves out a deleted occurrence and moves a changed one, even across the window', () => {
    const exceptions = [
      change('2026-11-12', { deleted: true }),
      change('2026-11-19', { date: '2026-11-18', time: null, title: 'Earlier' }),
      change('2026-11-26', { date: '2026-12-02' }),
    ];
    expect(brief(expand([series, plain], exceptions, NOVEMBER))).toEqual([
      '2026-11-05 10:00:00 Weekly 2026-11-05',
      '2026-11-12 - Plain',
      '2026-11-18 - Earlier 2026-11-19',
    ]);
    expect(brief(expand([series], exceptions, { from: '2026-12-01', to: '2026-12-31' }))).toEqual([
      '2026-12-02 10:00:00 Weekly 2026-11-26',
    ]);
  });

  it('keeps the API shape: optional keys only when set', () => {
    const [first] = expand([{ ...series, end_time: '11:00:00' }], [], NOVEMBER);
    expect(first).toEqual({
      id: 7,
      title: 'Weekly',
      date: '2026-11-05',
      time: '10:00:00',
      end_time: '11:00:00',
      rrule: 'FREQ=WEEKLY;COUNT=4',
      recurring: true,
      occurrence: '2026-11-05',
    });
    expect(Object.keys(expand([plain], [], NOVEMBER)[0] as object)).toEqual([
      'id',
      'title',
      'date',
      'time',
    ]);
  });
});
