import type { AddressInfo } from 'node:net';
import { DAVClient } from 'tsdav';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/app';
import { vevent, vtodo } from '../../../test/support/dav';

const ctx = useTestApp();

/**
 * Interoperability: a real CalDAV client library (tsdav) against the real server on a port,
 * signing in with an app password.
 */
/** tsdav's default filter asks for VEVENTs: a to-do list is fetched with a VTODO filter. */
const TODO_FILTER = [
  {
    'comp-filter': {
      _attributes: { name: 'VCALENDAR' },
      'comp-filter': { _attributes: { name: 'VTODO' } },
    },
  },
];

describe('CalDAV with a real client (tsdav)', () => {
  it('discovers, syncs, writes both ways, and sees a change made through the REST API', async () => {
    const app = await ctx.buildApp({});
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const alice = await ctx.signUp('alice');
    const made = await ctx.request('POST', '/api/app-passwords/', {
      body: { name: 'tsdav' },
      headers: alice.auth,
    });
    const password = (made.json() as { password: string }).password;

    const client = new DAVClient({
      serverUrl: `http://127.0.0.1:${port}/`,
      credentials: { username: 'alice', password },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
    });
    await client.login();
    expect(client.account?.rootUrl).toBe(`http://127.0.0.1:${port}/dav/`);
    expect(client.account?.homeUrl).toBe(`http://127.0.0.1:${port}/dav/calendars/alice/`);

    const calendars = await client.fetchCalendars();
    expect(calendars.map((c) => [c.displayName, c.components])).toEqual([
      ['Prodify events', ['VEVENT']],
      ['Prodify to-dos', ['VTODO']],
    ]);
    const [events, tasks] = calendars as [(typeof calendars)[0], (typeof calendars)[0]];
    expect(tasks.reports).toEqual(
      expect.arrayContaining(['syncCollection', 'calendarMultiget', 'calendarQuery']),
    );

    // A to-do and an event from the client show up in the REST API.
    const todoPut = await client.createCalendarObject({
      calendar: tasks,
      filename: 'milk.ics',
      iCalString: vtodo('milk', 'SUMMARY:Buy milk', 'DUE;VALUE=DATE:20261203', 'PRIORITY:5'),
    });
    expect(todoPut.status).toBe(201);
    const eventPut = await client.createCalendarObject({
      calendar: events,
      filename: 'standup.ics',
      iCalString: vevent(
        'standup',
        'SUMMARY:Standup',
        'DTSTART:20261201T093000',
        'RRULE:FREQ=DAILY;COUNT=5',
      ),
    });
    expect(eventPut.status).toBe(201);
    const todos = await ctx.request('GET', '/api/todos/', { headers: alice.auth });
    expect(todos.json()).toMatchObject([
      { task: 'Buy milk', due_date: '2026-12-03', priority: 'M' },
    ]);

    // Full fetch, then an update with the current ETag, then a stale one that gets 412.
    const objects = await client.fetchCalendarObjects({ calendar: tasks, filters: TODO_FILTER });
    expect(objects).toHaveLength(1);
    const milk = objects[0] as (typeof objects)[0];
    const updated = await client.updateCalendarObject({
      calendarObject: { ...milk, data: (milk.data as string).replace('Buy milk', 'Buy oat milk') },
    });
    expect(updated.status).toBe(204);
    const stale = await client.updateCalendarObject({ calendarObject: milk });
    expect(stale.status).toBe(412);
    expect((await ctx.request('GET', '/api/todos/', { headers: alice.auth })).json()).toMatchObject(
      [{ task: 'Buy oat milk' }],
    );

    // An incremental sync-collection picks up a change made through the REST API.
    const synced = await client.fetchCalendars();
    const tasksNow = synced[1] as (typeof synced)[0];
    const id = (
      (await ctx.request('GET', '/api/todos/', { headers: alice.auth })).json() as Array<{
        id: number;
      }>
    )[0]?.id;
    await ctx.request('PATCH', `/api/todos/${id}/`, {
      body: { completed: true },
      headers: alice.auth,
    });
    const changes = await client.syncCollection({
      url: tasksNow.url,
      props: { 'd:getetag': {}, 'c:calendar-data': {} },
      syncLevel: 1,
      syncToken: tasksNow.syncToken as string,
    });
    const changed = changes.filter((r) => r.href?.endsWith('/milk.ics'));
    expect(changed).toHaveLength(1);
    expect(JSON.stringify(changed[0]?.props)).toContain('STATUS:COMPLETED');

    // Deletes on each side.
    const current = (
      await client.fetchCalendarObjects({ calendar: tasks, filters: TODO_FILTER })
    )[0] as (typeof objects)[0];
    expect((await client.deleteCalendarObject({ calendarObject: current })).status).toBe(204);
    expect((await ctx.request('GET', '/api/todos/', { headers: alice.auth })).json()).toEqual([]);
    const eventId = (
      (await ctx.request('GET', '/api/calendar/events/', { headers: alice.auth })).json() as Array<{
        id: number;
      }>
    )[0]?.id;
    await ctx.request('DELETE', `/api/calendar/events/${eventId}/`, { headers: alice.auth });
    expect(await client.fetchCalendarObjects({ calendar: events })).toEqual([]);
  });
});
