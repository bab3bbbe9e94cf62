import { DRF, END_DATE_MESSAGES, LIMITS } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';

const ctx = useTestApp();

type Item = {
  id: number;
  title: string;
  date: string;
  time: string | null;
  end_date?: string;
  description?: string;
  location?: string;
  occurrence?: string;
};

const post = (user: TestUser, body: unknown) =>
  ctx.request('POST', '/api/calendar/events/', { body, headers: user.auth });
const create = async (user: TestUser, body: object) => {
  const res = await post(user, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Item;
};
const patch = (user: TestUser, id: number, body: object) =>
  ctx.request('PATCH', `/api/calendar/events/${id}/`, { body, headers: user.auth });
const titles = async (user: TestUser, query: string) => {
  const res = await ctx.request('GET', `/api/calendar/events/?${query}`, { headers: user.auth });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Item[]).map(
    (e) => `${e.date}${e.end_date ? `..${e.end_date}` : ''} ${e.title}`,
  );
};

describe('description, location and end_date', () => {
  it('stores and answers them after the older fields, and only when set', async () => {
    const alice = await ctx.signUp();
    const res = await post(alice, {
      title: 'Holidays',
      date: '2026-12-24',
      end_date: '2026-12-26',
      description: '  **Pack** the\n\n- gifts  \n',
      location: '  Grandma’s house  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as Item;
    // Leading space is Markdown (kept); trailing space goes; a place is one trimmed line.
    expect(res.body).toBe(
      `{"id":${id},"title":"Holidays","date":"2026-12-24","time":null,"end_date":"2026-12-26","description":"  **Pack** the\\n\\n- gifts","location":"Grandma’s house"}`,
    );
    const got = await ctx.request('GET', `/api/calendar/events/${id}/`, { headers: alice.auth });
    expect(got.body).toBe(res.body);
    // Blank means "not set": the answer is today's, byte for byte.
    const plain = await post(alice, {
      title: 'Plain',
      date: '2026-12-24',
      description: '   ',
      location: '',
      end_date: null,
    });
    const plainId = (plain.json() as Item).id;
    expect(plain.body).toBe(`{"id":${plainId},"title":"Plain","date":"2026-12-24","time":null}`);
    // Cleared with null or "", kept when left out.
    const cleared = await patch(alice, id, { description: null, location: '' });
    expect(cleared.json()).toEqual({
      id,
      title: 'Holidays',
      date: '2026-12-24',
      time: null,
      end_date: '2026-12-26',
    });
    expect((await patch(alice, id, { end_date: null })).json()).toEqual({
      id,
      title: 'Holidays',
      date: '2026-12-24',
      time: null,
    });
  });

  it('bounds the texts and checks the end date, with field errors', async () => {
    const alice = await ctx.signUp();
    const base = { title: 'E', date: '2026-03-01' };
    const cases: [object, object][] = [
      [
        { description: 'x'.repeat(LIMITS.eventDescriptionMax + 1) },
        { description: [DRF.maxLength(LIMITS.eventDescriptionMax)] },
      ],
      [
        { location: 'x'.repeat(LIMITS.eventLocationMax + 1) },
        { location: [DRF.maxLength(LIMITS.eventLocationMax)] },
      ],
      [{ description: 'a\u0000b' }, { description: [DRF.nullCharacters] }],
      [{ location: 7 }, { location: [DRF.notAString] }],
      [{ end_date: '2026-02-30' }, { end_date: [DRF.dateFormat] }],
      [{ end_date: '2026-02-28' }, { end_date: [END_DATE_MESSAGES.beforeDate] }],
      [{ time: '10:00', end_date: '2026-03-02' }, { end_date: [END_DATE_MESSAGES.withTime] }],
      // 366 days counting both is the longest span.
      [{ end_date: '2027-03-02' }, { end_date: [END_DATE_MESSAGES.tooLong] }],
    ];
    for (const [fields, errors] of cases) {
      const res = await post(alice, { ...base, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    expect(END_DATE_MESSAGES.tooLong).toBe('Ensure the event spans at most 366 days.');
    const longest = await create(alice, {
      ...base,
      end_date: '2027-03-01',
      description: 'x'.repeat(LIMITS.eventDescriptionMax),
      location: 'x'.repeat(LIMITS.eventLocationMax),
    });
    expect(longest.end_date).toBe('2027-03-01');
    // Same day is allowed (and answered: the client said so).
    expect((await create(alice, { ...base, end_date: '2026-03-01' })).end_date).toBe('2026-03-01');
    // A PATCH is checked against the stored event: a time cannot join an end date.
    const res = await patch(alice, longest.id, { time: '09:00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ end_date: [END_DATE_MESSAGES.withTime] });
    expect((await patch(alice, longest.id, { date: '2027-03-02' })).json()).toEqual({
      end_date: [END_DATE_MESSAGES.beforeDate],
    });
    // Nothing changed on a 400.
    const after = await ctx.request('GET', `/api/calendar/events/${longest.id}/`, {
      headers: alice.auth,
    });
    expect((after.json() as Item).date).toBe('2026-03-01');
  });

  it('lists a multi-day event on every day it covers, in days, ranges and from/to', async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    await create(alice, { title: 'Trip', date: '2026-12-24', end_date: '2026-12-26' });
    await create(alice, { title: 'Before', date: '2026-12-23' });
    await create(alice, { title: 'After', date: '2026-12-27', time: '10:00' });
    await create(bob, { title: 'Bob trip', date: '2026-12-20', end_date: '2026-12-31' });
    expect(await titles(alice, 'date=2026-12-23')).toEqual(['2026-12-23 Before']);
    for (const day of ['2026-12-24', '2026-12-25', '2026-12-26']) {
      expect(await titles(alice, `date=${day}`), day).toEqual(['2026-12-24..2026-12-26 Trip']);
    }
    expect(await titles(alice, 'date=2026-12-27')).toEqual(['2026-12-27 After']);
    expect(await titles(alice, 'start=2026-12-26&end=2026-12-27')).toEqual([
      '2026-12-24..2026-12-26 Trip',
      '2026-12-27 After',
    ]);
    expect(await titles(alice, 'start=2026-12-01&end=2026-12-23')).toEqual(['2026-12-23 Before']);
    expect(await titles(alice, 'from=2026-12-25&to=2026-12-31')).toEqual([
      '2026-12-24..2026-12-26 Trip',
      '2026-12-27 After',
    ]);
    expect(await titles(alice, 'to=2026-12-23')).toEqual(['2026-12-23 Before']);
  });

  it('repeats a multi-day event with its span, reaching into a range from before it', async () => {
    const alice = await ctx.signUp();
    const series = await create(alice, {
      title: 'Festival',
      date: '2026-06-30',
      end_date: '2026-07-02',
      rrule: 'FREQ=YEARLY;COUNT=3',
      location: 'Park',
    });
    expect(await titles(alice, 'start=2027-07-01&end=2027-07-31')).toEqual([
      '2027-06-30..2027-07-02 Festival',
    ]);
    expect(await titles(alice, 'date=2028-07-02')).toEqual(['2028-06-30..2028-07-02 Festival']);
    // The series ends with its third occurrence's last day.
    expect(await titles(alice, 'date=2029-07-01')).toEqual([]);
    // An occurrence moved keeps the span, and cannot be given a time.
    const moved = await ctx.request(
      'PATCH',
      `/api/calendar/events/${series.id}/occurrences/2027-06-30/`,
      { body: { date: '2027-08-01' }, headers: alice.auth },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      date: '2027-08-01',
      end_date: '2027-08-03',
      location: 'Park',
      occurrence: '2027-06-30',
    });
    expect(await titles(alice, 'date=2027-08-03')).toEqual(['2027-08-01..2027-08-03 Festival']);
    expect(await titles(alice, 'date=2027-07-01')).toEqual([]);
    const timed = await ctx.request(
      'PATCH',
      `/api/calendar/events/${series.id}/occurrences/2028-06-30/`,
      { body: { time: '10:00' }, headers: alice.auth },
    );
    expect(timed.statusCode).toBe(400);
    expect(timed.json()).toEqual({ end_date: [END_DATE_MESSAGES.withTime] });
  });
});
