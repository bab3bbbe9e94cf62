import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/app';
import { davUser, ics, vevent, vtodo } from '../../../test/support/dav';
import { totpCode } from '../../../test/support/totp';

const ctx = useTestApp();

const PROPS = `<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" xmlns:a="http://apple.com/ns/ical/">
  <d:prop><d:resourcetype/><d:displayname/><cs:getctag/><d:sync-token/><d:supported-report-set/>
  <d:current-user-privilege-set/><a:calendar-color/><c:supported-calendar-component-set/>
  <d:current-user-principal/><c:calendar-home-set/><d:principal-URL/><d:getetag/><x:unknown xmlns:x="urn:x"/></d:prop>
</d:propfind>`;

describe('CalDAV discovery and layout (ADR 0441)', () => {
  it('redirects /.well-known/caldav to /dav/ and answers OPTIONS with the DAV classes', async () => {
    for (const method of ['GET', 'PROPFIND'] as const) {
      const res = await ctx.app.inject({ method, url: '/.well-known/caldav' });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe('/dav/');
    }
    const options = await ctx.app.inject({ method: 'OPTIONS', url: '/dav/calendars/x/events/' });
    expect(options.statusCode).toBe(200);
    expect(options.headers.dav).toBe('1, 3, calendar-access');
    expect(options.headers.allow).toContain('REPORT');
  });

  it('answers the principal and home on /dav/ and the principal', async () => {
    const { dav } = await davUser(ctx);
    for (const url of ['/dav/', '/dav/principals/alice/']) {
      const res = await dav('PROPFIND', url, PROPS, { depth: '0' });
      expect(res.statusCode, url).toBe(207);
      expect(res.headers['content-type']).toContain('application/xml');
      expect(res.body).toContain(
        '<d:current-user-principal><d:href>/dav/principals/alice/</d:href>',
      );
      expect(res.body).toContain('<c:calendar-home-set><d:href>/dav/calendars/alice/</d:href>');
      expect(res.body).toContain('<d:principal-URL><d:href>/dav/principals/alice/</d:href>');
      expect(res.body).toContain('<d:displayname>alice</d:displayname>');
      expect(res.body).toContain('<x:unknown xmlns:x="urn:x"/>');
      expect(res.body).toContain('HTTP/1.1 404 Not Found');
    }
  });

  it('lists the two collections with their properties at Depth 1, and refuses Depth infinity', async () => {
    const { dav } = await davUser(ctx);
    const res = await dav('PROPFIND', '/dav/calendars/alice/', PROPS, { depth: '1' });
    expect(res.statusCode).toBe(207);
    for (const part of [
      '<d:href>/dav/calendars/alice/events/</d:href>',
      '<d:href>/dav/calendars/alice/tasks/</d:href>',
      '<c:comp name="VEVENT"/>',
      '<c:comp name="VTODO"/>',
      '<d:resourcetype><d:collection/><c:calendar/></d:resourcetype>',
      '<cs:getctag>http://prodify.app/ns/sync/',
      '<d:sync-token>http://prodify.app/ns/sync/',
      '<d:supported-report><d:report><d:sync-collection/></d:report></d:supported-report>',
      '<d:privilege><d:write/></d:privilege>',
      '<a:calendar-color>#',
    ]) {
      expect(res.body).toContain(part);
    }
    for (const depth of ['infinity', undefined]) {
      const refused = await dav('PROPFIND', '/dav/calendars/alice/', PROPS, depth ? { depth } : {});
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('<d:propfind-finite-depth/>');
    }
  });

  it('takes XML and iCalendar bodies under /dav/ only: the JSON API still answers 415', async () => {
    const { user } = await davUser(ctx);
    for (const type of ['application/xml', 'text/xml', 'text/calendar']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/todos/',
        headers: { ...user.auth, 'content-type': type },
        payload: '<task>x</task>',
      });
      expect(res.statusCode, type).toBe(415);
    }
  });

  it('refuses to change properties with a 403 per property', async () => {
    const { dav } = await davUser(ctx);
    const body = `<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:a="http://apple.com/ns/ical/">
      <d:set><d:prop><a:calendar-color>#FF0000</a:calendar-color><d:displayname>Mine</d:displayname></d:prop></d:set>
    </d:propertyupdate>`;
    const res = await dav('PROPPATCH', '/dav/calendars/alice/events/', body);
    expect(res.statusCode).toBe(207);
    expect(res.body).toContain(
      '<d:prop><a:calendar-color/><d:displayname/></d:prop><d:status>HTTP/1.1 403 Forbidden</d:status>',
    );
  });

  it('answers 404 for another user’s paths, never 403', async () => {
    const { dav } = await davUser(ctx, 'alice');
    await davUser(ctx, 'bob');
    for (const url of [
      '/dav/principals/bob/',
      '/dav/calendars/bob/',
      '/dav/calendars/bob/events/',
    ]) {
      expect((await dav('PROPFIND', url, PROPS, { depth: '0' })).statusCode, url).toBe(404);
    }
    expect((await dav('GET', '/dav/calendars/bob/events/x.ics')).statusCode).toBe(404);
  });

  it('refuses malformed XML and entity declarations with a 400, and an over-large body with 413', async () => {
    const { dav } = await davUser(ctx);
    const bomb = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><d:propfind xmlns:d="DAV:"><d:prop>&b;</d:prop></d:propfind>`;
    for (const body of ['<d:propfind xmlns:d="DAV:"><d:prop>', bomb, 'not xml at all']) {
      const res = await dav('PROPFIND', '/dav/', body, { depth: '0' });
      expect(res.statusCode, body).toBe(400);
    }
    const deep = `${'<a>'.repeat(40)}${'</a>'.repeat(40)}`;
    expect((await dav('PROPFIND', '/dav/', deep, { depth: '0' })).statusCode).toBe(400);
    const huge = `<d:propfind xmlns:d="DAV:">${' '.repeat(2 * 1024 * 1024)}</d:propfind>`;
    expect((await dav('PROPFIND', '/dav/', huge, { depth: '0' })).statusCode).toBe(413);
  });
});

describe('CalDAV objects (ADR 0441)', () => {
  it('creates, reads, updates and deletes an event, with ETags and preconditions', async () => {
    const { user, dav } = await davUser(ctx);
    const url = '/dav/calendars/alice/events/e1.ics';
    const body = vevent(
      'e1',
      'SUMMARY:Dentist',
      'DTSTART:20261202T090000',
      'DTEND:20261202T100000',
      'DESCRIPTION:Bring the card',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER:-PT15M',
      'DESCRIPTION:x',
      'END:VALARM',
    );
    const created = await dav('PUT', url, body, { 'if-none-match': '*' });
    expect(created.statusCode).toBe(201);
    const etag = created.headers.etag as string;
    expect(etag).toMatch(/^"\d+"$/);
    expect((await dav('PUT', url, body, { 'if-none-match': '*' })).statusCode).toBe(412);

    const got = await dav('GET', url);
    expect(got.statusCode).toBe(200);
    expect(got.headers.etag).toBe(etag);
    expect(got.body).toBe(body);
    const events = await ctx.request('GET', '/api/calendar/events/', { headers: user.auth });
    expect(events.json()).toEqual([
      {
        id: expect.any(Number),
        title: 'Dentist',
        date: '2026-12-02',
        time: '09:00:00',
        end_time: '10:00:00',
        description: 'Bring the card',
      },
    ]);

    // A change on the web: a new ETag, the mapped fields new, the rest of the object kept.
    const id = (events.json() as Array<{ id: number }>)[0]?.id;
    await ctx.request('PATCH', `/api/calendar/events/${id}/`, {
      body: { title: 'Dentist (moved)' },
      headers: user.auth,
    });
    const after = await dav('GET', url);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body).toContain('SUMMARY:Dentist (moved)');
    expect(after.body.match(/DESCRIPTION:Bring the card/g)).toHaveLength(1);
    expect(after.body).toContain('BEGIN:VALARM');
    expect(after.body).toContain('UID:e1');

    const stale = await dav('PUT', url, body, { 'if-match': etag });
    expect(stale.statusCode).toBe(412);
    const updated = await dav('PUT', url, body.replace('Dentist', 'Dentist at 9'), {
      'if-match': after.headers.etag as string,
    });
    expect(updated.statusCode).toBe(204);
    expect(
      (await ctx.request('GET', '/api/calendar/events/', { headers: user.auth })).json(),
    ).toMatchObject([{ title: 'Dentist at 9' }]);

    expect((await dav('DELETE', url, undefined, { 'if-match': etag })).statusCode).toBe(412);
    expect((await dav('DELETE', url)).statusCode).toBe(204);
    expect((await dav('GET', url)).statusCode).toBe(404);
    const trash = await ctx.request('GET', '/api/trash/', { headers: user.auth });
    expect(trash.json()).toMatchObject([{ kind: 'event', item: { title: 'Dentist at 9' } }]);
  });

  it('maps a to-do: due date, priority and completion, both ways', async () => {
    const { user, dav } = await davUser(ctx);
    const url = '/dav/calendars/alice/tasks/t1.ics';
    const put = await dav(
      'PUT',
      url,
      vtodo(
        't1',
        'SUMMARY:Buy milk',
        'DUE;VALUE=DATE:20261203',
        'PRIORITY:2',
        'STATUS:COMPLETED',
        'COMPLETED:20261127T080000Z',
      ),
    );
    expect(put.statusCode).toBe(201);
    const todos = await ctx.request('GET', '/api/todos/', { headers: user.auth });
    expect(todos.json()).toMatchObject([
      { task: 'Buy milk', due_date: '2026-12-03', priority: 'H', completed: true },
    ]);
    const made = await ctx.request('POST', '/api/todos/', {
      body: { task: 'Undated', priority: 'L' },
      headers: user.auth,
    });
    const listing = await dav('PROPFIND', '/dav/calendars/alice/tasks/', undefined, { depth: '1' });
    const names = [
      ...listing.body.matchAll(/<d:href>(\/dav\/calendars\/alice\/tasks\/[^<]+)<\/d:href>/g),
    ].map((m) => m[1]);
    expect(names).toHaveLength(2);
    const other = names.find((n) => n !== url) as string;
    const got = await dav('GET', other);
    expect(got.body).toContain('SUMMARY:Undated');
    expect(got.body).toContain('PRIORITY:9');
    expect(got.body).not.toContain('DUE');
    expect(made.statusCode).toBe(201);
  });

  it('stores what a phone sends of the richer fields: description, location, days, due time, repeat', async () => {
    const { user, dav } = await davUser(ctx);
    const event = await dav(
      'PUT',
      '/dav/calendars/alice/events/e-rich.ics',
      vevent(
        'e-rich',
        'SUMMARY:Holidays',
        'DTSTART;VALUE=DATE:20261224',
        'DTEND;VALUE=DATE:20261227',
        'DESCRIPTION:Pack the **presents**',
        'LOCATION:Grandma',
      ),
    );
    expect(event.statusCode).toBe(201);
    const events = await ctx.request('GET', '/api/calendar/events/', { headers: user.auth });
    expect(events.json()).toMatchObject([
      {
        title: 'Holidays',
        date: '2026-12-24',
        end_date: '2026-12-26',
        description: 'Pack the **presents**',
        location: 'Grandma',
      },
    ]);
    const todo = await dav(
      'PUT',
      '/dav/calendars/alice/tasks/t-rich.ics',
      vtodo(
        't-rich',
        'SUMMARY:Water plants',
        'DTSTART:20261203T180000',
        'DUE:20261203T180000',
        'RRULE:FREQ=WEEKLY',
      ),
    );
    expect(todo.statusCode).toBe(201);
    const todos = await ctx.request('GET', '/api/todos/', { headers: user.auth });
    expect(todos.json()).toMatchObject([
      { task: 'Water plants', due_date: '2026-12-03', due_time: '18:00:00', rrule: 'FREQ=WEEKLY' },
    ]);
    // Changed on the web, the phone's copy carries the new values once, not twice.
    const id = todos.json()[0].id;
    await ctx.request('PATCH', `/api/todos/${id}/`, {
      body: { rrule: 'FREQ=DAILY' },
      headers: user.auth,
    });
    const again = await dav('GET', '/dav/calendars/alice/tasks/t-rich.ics');
    expect(again.body.match(/RRULE:/g)).toHaveLength(1);
    expect(again.body).toContain('RRULE:FREQ=DAILY');
  });

  it('takes an app password without a two-factor code, while sign-in asks for one', async () => {
    const { user, dav } = await davUser(ctx);
    const setup = await ctx.request('POST', '/api/2fa/totp/setup/', {
      body: {},
      headers: user.auth,
    });
    const { secret } = setup.json() as { secret: string };
    const confirmed = await ctx.request('POST', '/api/2fa/totp/confirm/', {
      body: { code: totpCode(secret) },
      headers: user.auth,
    });
    expect(confirmed.statusCode).toBe(200);
    const signIn = await ctx.request('POST', '/api/token/', {
      body: { username: user.username, password: user.password },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toMatchObject({ code: 'otp_required' });
    const listing = await dav('PROPFIND', '/dav/calendars/alice/', undefined, { depth: '1' });
    expect(listing.statusCode).toBe(207);
  });

  it('refuses what it cannot store, storing nothing', async () => {
    const { user, dav, authorization } = await davUser(ctx);
    const cases: Array<[string, string, number, string]> = [
      [
        '/dav/calendars/alice/tasks/x.ics',
        vevent('x', 'SUMMARY:a', 'DTSTART:20261202T090000'),
        403,
        'supported-calendar-component',
      ],
      [
        '/dav/calendars/alice/events/x.ics',
        vevent('x', 'SUMMARY:a', 'DTSTART:20261202T090000', 'RRULE:FREQ=SECONDLY'),
        403,
        'valid-calendar-object-resource',
      ],
      [
        '/dav/calendars/alice/events/x.ics',
        vevent('x', 'SUMMARY:a', 'DTSTART;TZID=Nowhere/Else:20261202T090000'),
        403,
        'valid-calendar-object-resource',
      ],
      [
        '/dav/calendars/alice/events/x.ics',
        'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n',
        400,
        'valid-calendar-data',
      ],
      [
        '/dav/calendars/alice/events/x.ics',
        ics(
          ...Array.from({ length: 1100 }, (_, i) => [
            `BEGIN:VEVENT`,
            `UID:x`,
            `DTSTART:20261202T0900${String(i % 60).padStart(2, '0')}`,
            'END:VEVENT',
          ]).flat(),
        ),
        400,
        'valid-calendar-data',
      ],
    ];
    for (const [url, body, status, condition] of cases) {
      const res = await dav('PUT', url, body);
      expect(res.statusCode, condition).toBe(status);
      expect(res.body).toContain(`<c:${condition}/>`);
    }
    const invalidUtf8 = await ctx.app.inject({
      method: 'PUT',
      url: '/dav/calendars/alice/events/x.ics',
      headers: {
        authorization,
        'content-type': 'text/calendar',
      },
      payload: Buffer.from([0x42, 0x45, 0xff, 0xfe]),
    });
    expect(invalidUtf8.statusCode).toBe(400);
    expect(
      (await ctx.request('GET', '/api/calendar/events/', { headers: user.auth })).json(),
    ).toEqual([]);
    expect((await ctx.request('GET', '/api/todos/', { headers: user.auth })).json()).toEqual([]);
  });

  it('converts a zoned start to the user’s own zone', async () => {
    const { user, dav } = await davUser(ctx);
    await ctx.request('PATCH', '/api/preferences/', {
      body: { time_zone: 'Europe/Berlin' },
      headers: user.auth,
    });
    const res = await dav(
      'PUT',
      '/dav/calendars/alice/events/z.ics',
      vevent('z', 'SUMMARY:Call', 'DTSTART;TZID=America/New_York:20261202T090000'),
    );
    expect(res.statusCode).toBe(201);
    expect(
      (await ctx.request('GET', '/api/calendar/events/', { headers: user.auth })).json(),
    ).toMatchObject([{ date: '2026-12-02', time: '15:00:00' }]);
  });
});

describe('CalDAV and the trash (ADR 0441)', () => {
  it('restores an item whose UID a client reused meanwhile, under a new UID', async () => {
    const { user, dav } = await davUser(ctx);
    const url = '/dav/calendars/alice/tasks/same.ics';
    expect((await dav('PUT', url, vtodo('same', 'SUMMARY:First'))).statusCode).toBe(201);
    const first = (
      (await ctx.request('GET', '/api/todos/', { headers: user.auth })).json() as Array<{
        id: number;
      }>
    )[0]?.id;
    expect((await dav('DELETE', url)).statusCode).toBe(204);
    expect((await dav('PUT', url, vtodo('same', 'SUMMARY:Second'))).statusCode).toBe(201);
    const restored = await ctx.request('POST', `/api/todos/${first}/restore/`, {
      headers: user.auth,
    });
    expect(restored.statusCode).toBe(200);
    expect((await dav('GET', url)).body).toContain('SUMMARY:Second');
    const listing = await dav('PROPFIND', '/dav/calendars/alice/tasks/', undefined, { depth: '1' });
    expect(listing.body.match(/\.ics<\/d:href>/g)).toHaveLength(2);
  });
});
