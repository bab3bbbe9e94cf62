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

describe('PATCH /api/calendar/events/:id/', () => {
  it('changes title, date and time, one or several at once, and keeps the rest', async () => {
    const alice = await ctx.signUp();
    const event = await createEvent(alice, { title: 'Meeting', date: '2025-07-01', time: '14:30' });
    const url = `/api/calendar/events/${event.id}/`;
    const patch = (body: object) => ctx.request('PATCH', url, { body, headers: alice.auth });

    const renamed = await patch({ title: '  Standup  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.body).toBe(
      `{"id":${event.id},"title":"Standup","date":"2025-07-01","time":"14:30:00"}`,
    );
    expect((await patch({ date: '2025-07-02', time: '09:05' })).json()).toEqual({
      ...event,
      title: 'Standup',
      date: '2025-07-02',
      time: '09:05:00',
    });
    expect((await patch({ time: null })).json()).toMatchObject({ time: null });
    // Unknown and owner fields are ignored, as on create.
    expect((await patch({ id: 99, user: 7, colour: 'red' })).json()).toEqual({
      id: event.id,
      title: 'Standup',
      date: '2025-07-02',
      time: null,
    });
    expect((await ctx.request('GET', url, { headers: alice.auth })).json()).toEqual({
      id: event.id,
      title: 'Standup',
      date: '2025-07-02',
      time: null,
    });
    // The day's list sees the change at once (the list cache is keyed to the user's changes).
    const day = await ctx.request('GET', '/api/calendar/events/?date=2025-07-02', {
      headers: alice.auth,
    });
    expect((day.json() as Event[]).map((e) => e.title)).toEqual(['Standup']);
  });

  it('answers 200 with the event unchanged for an empty body', async () => {
    const alice = await ctx.signUp();
    const event = await createEvent(alice, { title: 'Meeting', date: '2025-07-01', time: '14:30' });
    const res = await ctx.request('PATCH', `/api/calendar/events/${event.id}/`, {
      body: {},
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(event);
  });

  it('validates as create does, in DRF words, and changes nothing on a 400', async () => {
    const alice = await ctx.signUp();
    const event = await createEvent(alice, { title: 'Meeting', date: '2025-07-01', time: '14:30' });
    const url = `/api/calendar/events/${event.id}/`;
    const patch = (body: unknown) => ctx.request('PATCH', url, { body, headers: alice.auth });
    const cases: [object, object][] = [
      [{ title: ' ' }, { title: [DRF.blank] }],
      [{ title: null }, { title: [DRF.null] }],
      [{ title: 'e'.repeat(256) }, { title: [DRF.maxLength(255)] }],
      [{ date: '2025-02-30' }, { date: [DRF.dateFormat] }],
      [{ date: null }, { date: [DRF.null] }],
      [{ date: 20250701 }, { date: [DRF.dateFormat] }],
      [{ time: '25:00' }, { time: [DRF.timeFormat] }],
      [{ title: 'ok', time: 'noon' }, { time: [DRF.timeFormat] }],
    ];
    for (const [body, errors] of cases) {
      const res = await patch(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual(errors);
    }
    const list = await patch([1]);
    expect(list.statusCode).toBe(400);
    expect((await ctx.request('GET', url, { headers: alice.auth })).json()).toEqual(event);
  });

  it("answers 404 for another user's event, a missing id or a bad id, and changes nothing", async () => {
    const alice = await ctx.signUp();
    const bob = await ctx.signUp();
    const event = await createEvent(alice, { title: 'Private', date: '2025-07-01' });
    const url = `/api/calendar/events/${event.id}/`;
    for (const body of [{ title: 'mine now' }, {}]) {
      const res = await ctx.request('PATCH', url, { body, headers: bob.auth });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    for (const id of [String(event.id + 1000), 'abc', '0', '2147483648']) {
      const res = await ctx.request('PATCH', `/api/calendar/events/${id}/`, {
        body: { title: 'x' },
        headers: alice.auth,
      });
      expect(res.statusCode, id).toBe(404);
    }
    expect((await ctx.request('GET', url, { headers: alice.auth })).json()).toEqual(event);
    const anonymous = await ctx.request('PATCH', url, { body: { title: 'x' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers with and without the trailing slash', async () => {
    const alice = await ctx.signUp();
    const event = await createEvent(alice, { title: 'Meeting', date: '2025-07-01' });
    const res = await ctx.request('PATCH', `/api/calendar/events/${event.id}`, {
      body: { title: 'No slash' },
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'No slash' });
  });
});
