import { DRF } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';

const ctx = useTestApp();

type Event = { id: number; title: string; date: string; time: string | null };

const createEvent = async (user: TestUser, body: object) => {
  const res = await ctx.request('POST', '/api/calendar/events/', { body, headers: user.auth });
  expect(res.statusCode).toBe(201);
  return res.json() as Event;
};

const titles = (res: { json(): unknown }) => (res.json() as Event[]).map((e) => e.title);

describe('POST /api/calendar/events/', () => {
  it('creates events with and without a time, normalizing HH:MM', async () => {
    const alice = await ctx.signUp();
    const res = await ctx.request('POST', '/api/calendar/events/', {
      body: { title: 'Meeting', date: '2025-07-01', time: '14:30' },
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(201);
    expect(res.body).toBe('{"id":1,"title":"Meeting","date":"2025-07-01","time":"14:30:00"}');
    expect(await createEvent(alice, { title: 'All day', date: '2025-07-01' })).toMatchObject({
      time: null,
    });
    expect(
      await createEvent(alice, { title: 'Null time', date: '2025-07-02', time: null }),
    ).toMatchObject({ time: null });
    expect(
      await createEvent(alice, { title: 'Secs', date: '2025-07-03', time: '09:05:30' }),
    ).toMatchObject({ time: '09:05:30' });
    const withUser = await createEvent(alice, { title: 'With user', date: '2025-07-04', user: 9 });
    expect(Object.keys(withUser)).toEqual(['id', 'title', 'date', 'time']);
  });

  it('validates title, date and time in DRF words', async () => {
    const alice = await ctx.signUp();
    const post = (body: object) =>
      ctx.request('POST', '/api/calendar/events/', { body, headers: alice.auth });
    for (const date of ['2025-13-45', '07/01/2025', '2025-02-30', '2025-2-3', '']) {
      expect((await post({ title: 'Bad', date })).json(), date).toEqual({ date: [DRF.dateFormat] });
    }
    for (const time of ['25:00', '12:60', '9:00', '12:00:60', 'noon', '']) {
      expect((await post({ title: 'Bad', date: '2025-07-01', time })).json(), time).toEqual({
        time: [DRF.timeFormat],
      });
    }
    expect((await post({ date: '2025-07-01' })).json()).toEqual({ title: [DRF.required] });
    expect((await post({ title: 'x' })).json()).toEqual({ date: [DRF.required] });
    expect((await post({})).body).toBe(
      '{"title":["This field is required."],"date":["This field is required."]}',
    );
    expect((await post({ title: ' ', date: '2025-07-01' })).json()).toEqual({ title: [DRF.blank] });
    expect((await post({ title: 'e'.repeat(255), date: '2025-07-01' })).statusCode).toBe(201);
    expect((await post({ title: 'e'.repeat(256), date: '2025-07-01' })).json()).toEqual({
      title: ['Ensure this field has no more than 255 characters.'],
    });
    expect((await post({ title: 'edge', date: '0001-01-01', time: '00:00' })).statusCode).toBe(201);
    expect((await post({ title: 'edge', date: '9999-12-31', time: '23:59:59' })).statusCode).toBe(
      201,
    );
  });
});

describe('GET /api/calendar/events/', () => {
  it('filters one day: untimed first, then by time, then creation', async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    await createEvent(alice, { title: 'Meeting', date: '2025-07-01', time: '14:30' });
    await createEvent(alice, { title: 'All day', date: '2025-07-01' });
    await createEvent(alice, { title: 'Breakfast', date: '2025-07-01', time: '08:00' });
    await createEvent(alice, { title: 'Also all day', date: '2025-07-01', time: null });
    await createEvent(alice, { title: 'Next day', date: '2025-07-02' });
    await createEvent(bob, { title: 'Bob event', date: '2025-07-01', time: '10:00' });

    const day = await ctx.request('GET', '/api/calendar/events/?date=2025-07-01', {
      headers: alice.auth,
    });
    expect(day.statusCode).toBe(200);
    expect(titles(day)).toEqual(['All day', 'Also all day', 'Breakfast', 'Meeting']);

    const none = await ctx.request('GET', '/api/calendar/events/?date=2030-01-01', {
      headers: alice.auth,
    });
    expect(none.body).toBe('[]');

    for (const query of ['', '?date=']) {
      const all = await ctx.request('GET', `/api/calendar/events/${query}`, {
        headers: alice.auth,
      });
      expect(titles(all)).toEqual(['All day', 'Also all day', 'Breakfast', 'Meeting', 'Next day']);
    }
  });

  it('answers 400, never 500, for a bad ?date=', async () => {
    const alice = await ctx.signUp();
    for (const date of ['garbage', '2025-02-30', '2025-13-01', '2025-07-01T00:00', '%00']) {
      const res = await ctx.request('GET', `/api/calendar/events/?date=${date}`, {
        headers: alice.auth,
      });
      expect(res.statusCode, date).toBe(400);
      expect(res.json()).toEqual({ date: [DRF.dateFormat] });
    }
  });

  it('filters an inclusive ?from=&to= range', async () => {
    const alice = await ctx.signUp();
    for (const date of ['2025-06-30', '2025-07-01', '2025-07-15', '2025-07-31', '2025-08-01']) {
      await createEvent(alice, { title: date, date });
    }
    const july = await ctx.request('GET', '/api/calendar/events/?from=2025-07-01&to=2025-07-31', {
      headers: alice.auth,
    });
    expect(titles(july)).toEqual(['2025-07-01', '2025-07-15', '2025-07-31']);
    const open = await ctx.request('GET', '/api/calendar/events/?from=2025-07-31', {
      headers: alice.auth,
    });
    expect(titles(open)).toEqual(['2025-07-31', '2025-08-01']);
    const bad = await ctx.request('GET', '/api/calendar/events/?from=2025-07-32', {
      headers: alice.auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ from: [DRF.dateFormat] });
  });
});

describe('/api/calendar/events/:id/', () => {
  it('reads and deletes one event', async () => {
    const alice = await ctx.signUp();
    const event = await createEvent(alice, { title: 'Meeting', date: '2025-07-01', time: '14:30' });
    const url = `/api/calendar/events/${event.id}/`;
    expect((await ctx.request('GET', url, { headers: alice.auth })).json()).toEqual(event);
    const gone = await ctx.request('DELETE', url, { headers: alice.auth });
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect((await ctx.request('DELETE', url, { headers: alice.auth })).statusCode).toBe(404);
  });

  it("answers 404 for another user's event and leaves it unchanged", async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    const event = await createEvent(alice, { title: 'Private', date: '2025-07-01' });
    const url = `/api/calendar/events/${event.id}/`;
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await ctx.request(method, url, { headers: bob.auth });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await ctx.request('GET', url, { headers: alice.auth })).json()).toEqual(event);
    for (const id of ['abc', '2147483648', '0']) {
      const res = await ctx.request('GET', `/api/calendar/events/${id}/`, { headers: alice.auth });
      expect(res.statusCode, id).toBe(404);
    }
  });
});
