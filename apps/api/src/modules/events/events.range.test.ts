import { DRF } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';
import { RANGE_MESSAGES } from './events.range';

const ctx = useTestApp();

type Item = {
  id: number;
  title: string;
  date: string;
  time: string | null;
  recurring?: true;
  occurrence?: string;
};

const create = async (user: TestUser, body: object) => {
  const res = await ctx.request('POST', '/api/calendar/events/', { body, headers: user.auth });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Item;
};
const get = (user: TestUser, url: string) => ctx.request('GET', url, { headers: user.auth });
const list = async (user: TestUser, query: string) => {
  const res = await get(user, `/api/calendar/events/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Item[];
};
const brief = (items: Item[]) => items.map((e) => `${e.date} ${e.time ?? '-'} ${e.title}`);

describe('GET /api/calendar/events/?start=&end=', () => {
  it('answers every occurrence in the inclusive range, ordered by date, untimed, time', async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    const weekly = await create(alice, {
      title: 'Weekly',
      date: '2026-11-05',
      time: '10:00',
      end_time: '10:30',
      rrule: 'FREQ=WEEKLY',
    });
    await create(alice, { title: 'Before', date: '2026-10-31' });
    await create(alice, { title: 'First', date: '2026-11-01' });
    await create(alice, { title: 'Early', date: '2026-11-12', time: '08:00' });
    await create(alice, { title: 'Untimed', date: '2026-11-12' });
    await create(alice, { title: 'Last', date: '2026-11-30', time: '23:00' });
    await create(alice, { title: 'After', date: '2026-12-01' });
    await create(alice, { title: 'Monthly', date: '2026-01-31', rrule: 'FREQ=MONTHLY' });
    await create(alice, { title: 'Ended', date: '2026-01-01', rrule: 'FREQ=DAILY;COUNT=3' });
    await create(bob, { title: 'Bob weekly', date: '2026-11-05', rrule: 'FREQ=WEEKLY' });

    const november = await list(alice, 'start=2026-11-01&end=2026-11-30');
    expect(brief(november)).toEqual([
      '2026-11-01 - First',
      '2026-11-05 10:00:00 Weekly',
      '2026-11-12 - Untimed',
      '2026-11-12 08:00:00 Early',
      '2026-11-12 10:00:00 Weekly',
      '2026-11-19 10:00:00 Weekly',
      '2026-11-26 10:00:00 Weekly',
      '2026-11-30 23:00:00 Last',
    ]);
    // November has no 31st: the monthly series skips it.
    expect(november.find((e) => e.title === 'Monthly')).toBeUndefined();
    const occurrence = november.find((e) => e.date === '2026-11-19');
    expect(occurrence).toEqual({
      id: weekly.id,
      title: 'Weekly',
      date: '2026-11-19',
      time: '10:00:00',
      end_time: '10:30:00',
      rrule: 'FREQ=WEEKLY',
      recurring: true,
      occurrence: '2026-11-19',
    });
    expect(Object.keys(november[0] as object)).toEqual(['id', 'title', 'date', 'time']);

    const december = await list(alice, 'start=2026-12-01&end=2026-12-31');
    expect(brief(december)).toEqual([
      '2026-12-01 - After',
      '2026-12-03 10:00:00 Weekly',
      '2026-12-10 10:00:00 Weekly',
      '2026-12-17 10:00:00 Weekly',
      '2026-12-24 10:00:00 Weekly',
      '2026-12-31 - Monthly',
      '2026-12-31 10:00:00 Weekly',
    ]);
    expect(brief(await list(alice, 'start=2026-01-02&end=2026-01-05'))).toEqual([
      '2026-01-02 - Ended',
      '2026-01-03 - Ended',
    ]);
    expect(await list(alice, 'start=2026-11-06&end=2026-11-11')).toEqual([]);
  });

  it('includes recurring occurrences in ?date=, and keeps the original answer otherwise', async () => {
    const alice = await ctx.signUp();
    const plain = await create(alice, { title: 'Plain', date: '2026-11-26', time: '09:00' });
    const day = await get(alice, '/api/calendar/events/?date=2026-11-26');
    expect(day.body).toBe(
      `[{"id":${plain.id},"title":"Plain","date":"2026-11-26","time":"09:00:00"}]`,
    );
    const weekly = await create(alice, {
      title: 'Weekly',
      date: '2026-11-05',
      rrule: 'FREQ=WEEKLY',
    });
    expect(brief(await list(alice, 'date=2026-11-26'))).toEqual([
      '2026-11-26 - Weekly',
      '2026-11-26 09:00:00 Plain',
    ]);
    expect(brief(await list(alice, 'date=2026-11-27'))).toEqual([]);
    // The plain list (no parameters) still lists the stored events, the series once.
    const all = await list(alice, '');
    expect(all.map((e) => e.id)).toEqual([weekly.id, plain.id]);
    expect(all[0]).not.toHaveProperty('recurring');
  });

  it('refuses a missing half, a start after the end and a range over 366 days', async () => {
    const alice = await ctx.signUp();
    const cases: [string, object][] = [
      ['start=2026-01-01', { end: [DRF.required] }],
      ['end=2026-01-01', { start: [DRF.required] }],
      ['start=2026-02-01&end=2026-01-31', { end: [RANGE_MESSAGES.endBeforeStart] }],
      ['start=2026-01-01&end=2027-01-02', { end: [RANGE_MESSAGES.tooLong] }],
      ['start=2026-01-01&end=2026-13-01', { end: [DRF.dateFormat] }],
      ['start=yesterday&end=2026-01-01', { start: [DRF.dateFormat] }],
    ];
    for (const [query, errors] of cases) {
      const res = await get(alice, `/api/calendar/events/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual(errors);
    }
    // 366 days, inclusive, are allowed (a leap year).
    expect(
      (await get(alice, '/api/calendar/events/?start=2028-01-01&end=2028-12-31')).statusCode,
    ).toBe(200);
    expect(
      (await get(alice, '/api/calendar/events/?start=2026-03-01&end=2026-03-01')).statusCode,
    ).toBe(200);
  });
});

describe('one occurrence: /api/calendar/events/:id/occurrences/:date/', () => {
  it('moves, changes and deletes one occurrence, leaving the others', async () => {
    const alice = await ctx.signUp();
    const weekly = await create(alice, {
      title: 'Weekly',
      date: '2026-11-05',
      time: '10:00',
      rrule: 'FREQ=WEEKLY',
    });
    const url = (date: string) => `/api/calendar/events/${weekly.id}/occurrences/${date}/`;
    const moved = await ctx.request('PATCH', url('2026-11-12'), {
      body: { date: '2026-11-13', time: '15:00', end_time: '16:00', title: 'Moved' },
      headers: alice.auth,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({
      id: weekly.id,
      title: 'Moved',
      date: '2026-11-13',
      time: '15:00:00',
      end_time: '16:00:00',
      rrule: 'FREQ=WEEKLY',
      recurring: true,
      occurrence: '2026-11-12',
    });
    const gone = await ctx.request('DELETE', url('2026-11-19'), { headers: alice.auth });
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect(brief(await list(alice, 'start=2026-11-01&end=2026-11-30'))).toEqual([
      '2026-11-05 10:00:00 Weekly',
      '2026-11-13 15:00:00 Moved',
      '2026-11-26 10:00:00 Weekly',
    ]);
    expect(brief(await list(alice, 'date=2026-11-12'))).toEqual([]);
    expect(brief(await list(alice, 'date=2026-11-13'))).toEqual(['2026-11-13 15:00:00 Moved']);
    // Moved out of a range, it leaves it; moved into one, it joins it.
    await ctx.request('PATCH', url('2026-11-26'), {
      body: { date: '2026-12-01' },
      headers: alice.auth,
    });
    expect(brief(await list(alice, 'start=2026-11-20&end=2026-11-30'))).toEqual([]);
    expect(brief(await list(alice, 'start=2026-12-01&end=2026-12-03'))).toEqual([
      '2026-12-01 10:00:00 Weekly',
      '2026-12-03 10:00:00 Weekly',
    ]);
    // A moved occurrence is changed again by its date in the series; an empty body changes nothing.
    const again = await ctx.request('PATCH', url('2026-11-12'), {
      body: {},
      headers: alice.auth,
    });
    expect(again.json()).toEqual(moved.json());
  });

  it('"All events": a PATCH of the series reaches changed occurrences, a DELETE removes all', async () => {
    const alice = await ctx.signUp();
    const weekly = await create(alice, {
      title: 'Weekly',
      date: '2026-11-05',
      rrule: 'FREQ=WEEKLY',
    });
    const series = `/api/calendar/events/${weekly.id}/`;
    await ctx.request('PATCH', `${series}occurrences/2026-11-12/`, {
      body: { date: '2026-11-11' },
      headers: alice.auth,
    });
    await ctx.request('PATCH', series, { body: { title: 'Renamed' }, headers: alice.auth });
    expect(brief(await list(alice, 'start=2026-11-01&end=2026-11-14'))).toEqual([
      '2026-11-05 - Renamed',
      '2026-11-11 - Renamed',
    ]);
    // The same rule spelt otherwise is no change; a new rule or start drops the exceptions.
    await ctx.request('PATCH', series, {
      body: { rrule: 'freq=weekly;interval=1' },
      headers: alice.auth,
    });
    expect(brief(await list(alice, 'start=2026-11-01&end=2026-11-14'))).toEqual([
      '2026-11-05 - Renamed',
      '2026-11-11 - Renamed',
    ]);
    await ctx.request('PATCH', series, {
      body: { rrule: 'FREQ=WEEKLY;COUNT=10' },
      headers: alice.auth,
    });
    expect(brief(await list(alice, 'start=2026-11-01&end=2026-11-14'))).toEqual([
      '2026-11-05 - Renamed',
      '2026-11-12 - Renamed',
    ]);
    await ctx.request('PATCH', series, { body: { rrule: 'FREQ=DAILY' }, headers: alice.auth });
    expect(await list(alice, 'start=2026-11-01&end=2026-11-30')).toHaveLength(26);
    expect((await ctx.request('DELETE', series, { headers: alice.auth })).statusCode).toBe(204);
    expect(await list(alice, 'start=2026-11-01&end=2026-11-30')).toEqual([]);
    await expect(
      ctx.db.handle.db.selectFrom('event_exceptions').selectAll().execute(),
    ).resolves.toEqual([]);
  });

  it('answers 404 for another user, a plain event, a date off the rule or deleted, and 400 for bad fields', async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    const weekly = await create(alice, {
      title: 'Weekly',
      date: '2026-11-05',
      time: '10:00',
      rrule: 'FREQ=WEEKLY;COUNT=3',
    });
    const plain = await create(alice, { title: 'Plain', date: '2026-11-05' });
    const url = (id: number, date: string) => `/api/calendar/events/${id}/occurrences/${date}/`;
    const notFound: [TestUser, string][] = [
      [bob, url(weekly.id, '2026-11-12')],
      [alice, url(plain.id, '2026-11-05')],
      [alice, url(weekly.id, '2026-11-13')],
      [alice, url(weekly.id, '2026-11-26')], // past COUNT
      [alice, url(weekly.id, '2026-02-30')],
      [alice, url(weekly.id, 'tomorrow')],
      [alice, url(999999, '2026-11-12')],
    ];
    for (const [user, path] of notFound) {
      for (const method of ['PATCH', 'DELETE'] as const) {
        const res = await ctx.request(method, path, {
          body: method === 'PATCH' ? { title: 'x' } : undefined,
          headers: user.auth,
        });
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found.' });
      }
    }
    expect(
      (await ctx.request('DELETE', url(weekly.id, '2026-11-12'), { headers: alice.auth }))
        .statusCode,
    ).toBe(204);
    expect(
      (await ctx.request('DELETE', url(weekly.id, '2026-11-12'), { headers: alice.auth }))
        .statusCode,
    ).toBe(404);
    const patch = (body: object) =>
      ctx.request('PATCH', url(weekly.id, '2026-11-19'), { body, headers: alice.auth });
    expect((await patch({ end_time: '09:00' })).json()).toEqual({
      end_time: ['The end time must be after the start time.'],
    });
    expect((await patch({ date: '2026-02-30' })).json()).toEqual({ date: [DRF.dateFormat] });
    expect((await patch({ title: '' })).json()).toEqual({ title: [DRF.blank] });
    expect(brief(await list(alice, 'start=2026-11-01&end=2026-11-30'))).toEqual([
      '2026-11-05 - Plain',
      '2026-11-05 10:00:00 Weekly',
      '2026-11-19 10:00:00 Weekly',
    ]);
  });
});
