import { DRF } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';
import { MESSAGES } from './events.write';

const ctx = useTestApp();

type Event = { id: number; title: string; date: string; time: string | null };

const post = (user: TestUser, body: unknown) =>
  ctx.request('POST', '/api/calendar/events/', { body, headers: user.auth });

describe('end_time and rrule', () => {
  it('stores and answers them, and leaves them out of answers when not set', async () => {
    const alice = await ctx.signUp();
    const res = await post(alice, {
      title: 'Standup',
      date: '2026-11-26',
      time: '09:00',
      end_time: '09:15',
      rrule: 'rrule:freq=weekly;byday=th',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as Event;
    expect(res.body).toBe(
      `{"id":${id},"title":"Standup","date":"2026-11-26","time":"09:00:00","end_time":"09:15:00","rrule":"FREQ=WEEKLY;BYDAY=TH"}`,
    );
    expect(
      (await ctx.request('GET', `/api/calendar/events/${id}/`, { headers: alice.auth })).body,
    ).toBe(res.body);
    const plain = await post(alice, {
      title: 'Plain',
      date: '2026-11-27',
      end_time: null,
      rrule: '',
    });
    expect(plain.statusCode).toBe(201);
    expect(Object.keys(plain.json() as object)).toEqual(['id', 'title', 'date', 'time']);
    const all = await ctx.request('GET', '/api/calendar/events/', { headers: alice.auth });
    expect(all.json()).toEqual([res.json(), plain.json()]);
  });

  it('refuses an end time without a time, or not after it', async () => {
    const alice = await ctx.signUp();
    const cases: [object, object][] = [
      [{ end_time: '10:00' }, { end_time: [MESSAGES.endWithoutTime] }],
      [{ time: null, end_time: '10:00' }, { end_time: [MESSAGES.endWithoutTime] }],
      [{ time: '10:00', end_time: '10:00' }, { end_time: [MESSAGES.endNotAfter] }],
      [{ time: '10:00', end_time: '09:59:59' }, { end_time: [MESSAGES.endNotAfter] }],
      [{ time: '10:00', end_time: '24:00' }, { end_time: [DRF.timeFormat] }],
      [{ time: '10:00', end_time: 1030 }, { end_time: [DRF.timeFormat] }],
    ];
    for (const [fields, errors] of cases) {
      const res = await post(alice, { title: 'x', date: '2026-11-26', ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json(), JSON.stringify(fields)).toEqual(errors);
    }
    expect((await ctx.request('GET', '/api/calendar/events/', { headers: alice.auth })).body).toBe(
      '[]',
    );
  });

  it('refuses an RRULE outside RFC 5545 or the subset, with {"rrule": [...]}', async () => {
    const alice = await ctx.signUp();
    const cases: [unknown, string][] = [
      ['FREQ=WEEKLY;BYDAY=XX', 'Unknown BYDAY value: XX.'],
      ['FREQ=DAILY;COUNT=0', 'COUNT must be a positive integer.'],
      ['FREQ=DAILY;COUNT=x', 'COUNT must be a positive integer.'],
      ['FREQ=DAILY;COUNT=2;UNTIL=20270101', 'COUNT and UNTIL cannot both be given.'],
      ['FREQ=SECONDLY', 'Unknown FREQ: SECONDLY. Use DAILY, WEEKLY, MONTHLY or YEARLY.'],
      ['FREQ=DAILY;UNTIL=20261125', MESSAGES.untilBeforeDate],
      ['FREQ=DAILY;BYMONTHDAY=31;BYDAY=MO;COUNT=5000', MESSAGES.tooFar],
      [42, DRF.notAString],
    ];
    for (const [rrule, message] of cases) {
      const res = await post(alice, { title: 'x', date: '2026-11-26', rrule });
      expect(res.statusCode, String(rrule)).toBe(400);
      expect(res.json(), String(rrule)).toEqual({ rrule: [message] });
    }
  });

  it('checks a PATCH against the stored event, and clears both with null', async () => {
    const alice = await ctx.signUp();
    const created = await post(alice, { title: 'Talk', date: '2026-11-26', time: '10:00' });
    const url = `/api/calendar/events/${(created.json() as Event).id}/`;
    const patch = (body: object) => ctx.request('PATCH', url, { body, headers: alice.auth });
    expect((await patch({ end_time: '09:00' })).json()).toEqual({
      end_time: [MESSAGES.endNotAfter],
    });
    expect((await patch({ end_time: '11:30', rrule: 'FREQ=MONTHLY' })).json()).toMatchObject({
      end_time: '11:30:00',
      rrule: 'FREQ=MONTHLY',
    });
    // A later start than the stored end, or no start while an end is stored, is refused.
    expect((await patch({ time: '12:00' })).json()).toEqual({ end_time: [MESSAGES.endNotAfter] });
    expect((await patch({ time: null })).json()).toEqual({ end_time: [MESSAGES.endWithoutTime] });
    expect((await patch({ rrule: 'FREQ=MONTHLY;UNTIL=20200101' })).json()).toEqual({
      rrule: [MESSAGES.untilBeforeDate],
    });
    expect(
      (await patch({ date: '2027-01-01', rrule: 'FREQ=DAILY;UNTIL=20261231' })).json(),
    ).toEqual({ rrule: [MESSAGES.untilBeforeDate] });
    const cleared = await patch({ time: null, end_time: null, rrule: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({
      id: (created.json() as Event).id,
      title: 'Talk',
      date: '2026-11-26',
      time: null,
    });
  });
});
