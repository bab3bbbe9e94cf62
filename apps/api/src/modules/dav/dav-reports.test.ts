import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/app';
import { testBackend } from '../../../test/support/database';
import { davUser, vevent, vtodo } from '../../../test/support/dav';

const ctx = useTestApp();

const EVENTS = '/dav/calendars/alice/events/';
const TASKS = '/dav/calendars/alice/tasks/';

const sync = (token: string) => `<?xml version="1.0" encoding="utf-8"?>
<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level>
<d:prop><d:getetag/><c:calendar-data xmlns:c="urn:ietf:params:xml:ns:caldav"/></d:prop></d:sync-collection>`;

const query = (component: string, range = '') => `<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
<d:prop><d:getetag/><c:calendar-data/></d:prop>
<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="${component}">${range}</c:comp-filter></c:comp-filter></c:filter>
</c:calendar-query>`;

const hrefs = (body: string) =>
  [...body.matchAll(/<d:response><d:href>([^<]+)<\/d:href>/g)].map((m) => m[1]);
const tokenOf = (body: string) => /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(body)?.[1] as string;

describe('CalDAV reports (ADR 0441)', () => {
  it('calendar-multiget answers the objects asked for, and 404 for the others', async () => {
    const { dav } = await davUser(ctx);
    await dav('PUT', `${EVENTS}a.ics`, vevent('a', 'SUMMARY:A', 'DTSTART:20261202T090000'));
    await dav('PUT', `${EVENTS}b.ics`, vevent('b', 'SUMMARY:B', 'DTSTART:20261203T090000'));
    const body = `<?xml version="1.0"?><c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
      <d:prop><d:getetag/><c:calendar-data/></d:prop>
      <d:href>${EVENTS}a.ics</d:href><d:href>${EVENTS}zzz.ics</d:href><d:href>/dav/calendars/bob/events/b.ics</d:href>
    </c:calendar-multiget>`;
    const res = await dav('REPORT', EVENTS, body, { depth: '1' });
    expect(res.statusCode).toBe(207);
    expect(hrefs(res.body)).toEqual([
      `${EVENTS}a.ics`,
      `${EVENTS}zzz.ics`,
      '/dav/calendars/bob/events/b.ics',
    ]);
    expect(res.body).toContain('SUMMARY:A');
    expect(res.body).not.toContain('SUMMARY:B');
    expect(res.body.match(/404 Not Found/g)).toHaveLength(2);
  });

  it('calendar-query matches a series by its occurrences in the time range', async () => {
    const { user, dav } = await davUser(ctx);
    await dav(
      'PUT',
      `${EVENTS}weekly.ics`,
      vevent('weekly', 'SUMMARY:Weekly', 'DTSTART:20260105T090000', 'RRULE:FREQ=WEEKLY;COUNT=60'),
    );
    await dav(
      'PUT',
      `${EVENTS}once.ics`,
      vevent('once', 'SUMMARY:Once', 'DTSTART:20260310T090000'),
    );
    await ctx.request('POST', '/api/calendar/events/', {
      body: { title: 'Web', date: '2027-06-01' },
      headers: user.auth,
    });
    const range = (start: string, end: string) => `<c:time-range start="${start}" end="${end}"/>`;
    const dec = await dav(
      'REPORT',
      EVENTS,
      query('VEVENT', range('20261201T000000Z', '20270101T000000Z')),
      { depth: '1' },
    );
    expect(dec.statusCode).toBe(207);
    expect(hrefs(dec.body)).toEqual([`${EVENTS}weekly.ics`]);
    const march = await dav(
      'REPORT',
      EVENTS,
      query('VEVENT', range('20260301T000000Z', '20260401T000000Z')),
      { depth: '1' },
    );
    expect(hrefs(march.body).sort()).toEqual([`${EVENTS}once.ics`, `${EVENTS}weekly.ics`]);
    // After the series' last occurrence (COUNT=60 ends in February 2027), only the web's event.
    const june = await dav(
      'REPORT',
      EVENTS,
      query('VEVENT', range('20270601T000000Z', '20270602T000000Z')),
      { depth: '1' },
    );
    expect(hrefs(june.body)).toHaveLength(1);
    expect(june.body).toContain('SUMMARY:Web');
    const all = await dav('REPORT', EVENTS, query('VEVENT'), { depth: '1' });
    expect(hrefs(all.body)).toHaveLength(3);
    const todos = await dav('REPORT', TASKS, query('VEVENT'), { depth: '1' });
    expect(hrefs(todos.body)).toEqual([]);
    const bad = await dav('REPORT', EVENTS, query('VEVENT', range('yesterday', 'today')), {
      depth: '1',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('sync-collection reports changes and deletions since a token, from CalDAV and from the web', async () => {
    const { user, dav } = await davUser(ctx);
    await dav('PUT', `${TASKS}one.ics`, vtodo('one', 'SUMMARY:One'));
    const first = await dav('REPORT', TASKS, sync(''), { depth: '1' });
    expect(first.statusCode).toBe(207);
    expect(hrefs(first.body)).toEqual([`${TASKS}one.ics`]);
    const token = tokenOf(first.body);
    expect(token).toMatch(/^http:\/\/prodify\.app\/ns\/sync\/\d+$/);

    const none = await dav('REPORT', TASKS, sync(token), { depth: '1' });
    expect(hrefs(none.body)).toEqual([]);
    expect(tokenOf(none.body)).toBe(token);

    // A change on the web and a new to-do there; then a deletion through CalDAV.
    const made = await ctx.request('POST', '/api/todos/', {
      body: { task: 'From the web' },
      headers: user.auth,
    });
    const id = (made.json() as { id: number }).id;
    const changed = await dav('REPORT', TASKS, sync(token), { depth: '1' });
    expect(hrefs(changed.body)).toHaveLength(1);
    const webHref = hrefs(changed.body)[0] as string;
    expect(webHref).not.toBe(`${TASKS}one.ics`);
    const token2 = tokenOf(changed.body);
    expect(token2).not.toBe(token);

    await ctx.request('PATCH', `/api/todos/${id}/`, {
      body: { completed: true },
      headers: user.auth,
    });
    expect((await dav('DELETE', `${TASKS}one.ics`)).statusCode).toBe(204);
    const after = await dav('REPORT', TASKS, sync(token2), { depth: '1' });
    expect(hrefs(after.body).sort()).toEqual([`${TASKS}one.ics`, webHref].sort());
    expect(after.body).toContain(
      `<d:response><d:href>${TASKS}one.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status>`,
    );

    // A delete on the web is a deletion for the client too.
    const token3 = tokenOf(after.body);
    await ctx.request('DELETE', `/api/todos/${id}/`, { headers: user.auth });
    const webDeleted = await dav('REPORT', TASKS, sync(token3), { depth: '1' });
    expect(webDeleted.body).toContain(
      `<d:href>${webHref}</d:href><d:status>HTTP/1.1 404 Not Found</d:status>`,
    );

    // The events collection did not change.
    const events = await dav('REPORT', EVENTS, sync(''), { depth: '1' });
    expect(hrefs(events.body)).toEqual([]);
  });

  it('refuses an unknown sync token with 403 valid-sync-token', async () => {
    const { dav } = await davUser(ctx);
    for (const token of [
      'http://prodify.app/ns/sync/999999999999',
      'urn:other',
      'http://prodify.app/ns/sync/x',
    ]) {
      const res = await dav('REPORT', TASKS, sync(token), { depth: '1' });
      expect(res.statusCode, token).toBe(403);
      expect(res.body).toContain('<d:valid-sync-token/>');
    }
  });

  it('changes the ETag of a series when one of its occurrences changes on the web', async () => {
    const { user, dav } = await davUser(ctx);
    await dav(
      'PUT',
      `${EVENTS}daily.ics`,
      vevent('daily', 'SUMMARY:Daily', 'DTSTART:20261201T090000', 'RRULE:FREQ=DAILY'),
    );
    const before = (await dav('GET', `${EVENTS}daily.ics`)).headers.etag;
    const id = (
      (await ctx.request('GET', '/api/calendar/events/', { headers: user.auth })).json() as Array<{
        id: number;
      }>
    )[0]?.id;
    const moved = await ctx.request('PATCH', `/api/calendar/events/${id}/occurrences/2026-12-03/`, {
      body: { time: '11:00' },
      headers: user.auth,
    });
    expect(moved.statusCode).toBe(200);
    const after = await dav('GET', `${EVENTS}daily.ics`);
    expect(after.headers.etag).not.toBe(before);
    expect(after.body).toContain('RECURRENCE-ID:20261203T090000');
    expect(after.body).toContain('DTSTART:20261203T110000');
  });

  // Two connections are needed: the embedded database has one.
  it.skipIf(testBackend() === 'pglite')(
    'never gives a sync token past a change that is still being written',
    async () => {
      const { user, dav } = await davUser(ctx);
      const ids: number[] = [];
      for (const task of ['slow', 'fast']) {
        const res = await ctx.request('POST', '/api/todos/', {
          body: { task },
          headers: user.auth,
        });
        ids.push((res.json() as { id: number }).id);
      }
      const token0 = tokenOf((await dav('REPORT', TASKS, sync(''), { depth: '1' })).body);
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding = () => {};
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      // A write that takes its number and then waits before committing (a slow instance).
      const slow = ctx.db.handle.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('todos')
          .set({ task: 'slow changed' })
          .where('id', '=', ids[0] as number)
          .execute();
        holding();
        await gate;
      });
      await held;
      const fast = ctx.request('PATCH', `/api/todos/${ids[1]}/`, {
        body: { task: 'fast changed' },
        headers: user.auth,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const token1 = tokenOf((await dav('REPORT', TASKS, sync(token0), { depth: '1' })).body);
      release();
      await slow;
      expect((await fast).statusCode).toBe(200);
      const after = await dav('REPORT', TASKS, sync(token1), { depth: '1' });
      expect(after.body).toContain('SUMMARY:slow changed');
      expect(after.body).toContain('SUMMARY:fast changed');
    },
  );
});
