import type { CalendarEvent } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { draftOf, eventPatch } from './event-patch';

const yoga: CalendarEvent = {
  id: 1,
  title: 'Evening yoga',
  date: '2026-12-02',
  time: '19:30:00',
  end_time: '20:30:00',
};

describe('the event editor sends what changed', () => {
  it('sends nothing for an untouched draft, a series included', () => {
    expect(eventPatch(yoga, draftOf(yoga))).toEqual({});
    const odd = { ...yoga, rrule: 'FREQ=MONTHLY;BYDAY=1MO' };
    expect(eventPatch(odd, draftOf(odd))).toEqual({});
  });

  it('sends a moved start with its moved end', () => {
    expect(eventPatch(yoga, { ...draftOf(yoga), time: '20:45', end: '21:45' })).toEqual({
      time: '20:45',
      end_time: '21:45',
    });
  });

  it('drops the end with the time', () => {
    expect(eventPatch(yoga, { ...draftOf(yoga), time: '' })).toEqual({
      time: null,
      end_time: null,
    });
  });

  it('sends a new rule, and null for "Does not repeat"', () => {
    const draft = draftOf(yoga);
    // 2026-12-02 is a Wednesday.
    expect(eventPatch(yoga, { ...draft, repeat: { ...draft.repeat, choice: 'weekly' } })).toEqual({
      rrule: 'FREQ=WEEKLY;BYDAY=WE',
    });
    const series = { ...yoga, rrule: 'FREQ=WEEKLY;BYDAY=WE' };
    const seriesDraft = draftOf(series);
    expect(seriesDraft.repeat.choice).toBe('weekly');
    expect(
      eventPatch(series, { ...seriesDraft, repeat: { ...seriesDraft.repeat, choice: 'none' } }),
    ).toEqual({ rrule: null });
  });

  it('trims the title and sends a new date', () => {
    expect(eventPatch(yoga, { ...draftOf(yoga), title: ' Yoga ', date: '2026-12-03' })).toEqual({
      title: 'Yoga',
      date: '2026-12-03',
    });
  });
});
