import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { loggedApp } from '../../../test/security/support';
import { type TestUser, useTestApp } from '../../../test/support/app';
import { send } from '../../../test/support/inject';

const ctx = useTestApp();

async function post(user: TestUser, url: string, body: object) {
  const res = await ctx.request('POST', url, { body, headers: user.auth });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

async function seedCalendar(user: TestUser, tag: string) {
  await post(user, '/api/calendar/events/', {
    title: `${tag} standup`,
    date: '2027-01-02',
    time: '09:30',
  });
  await post(user, '/api/calendar/events/', { title: `${tag} holiday`, date: '2027-01-03' });
  await post(user, '/api/todos/', {
    task: `${tag} file taxes`,
    due_date: '2027-04-15',
    priority: 'H',
  });
  await post(user, '/api/todos/', { task: `${tag} someday`, priority: 'L' });
  await post(user, '/api/todos/', { task: `${tag} done`, due_date: '2027-02-01', completed: true });
}

const parse = (text: string) => new ICAL.Component(ICAL.parse(text) as unknown[]);

const importIcs = (user: TestUser, text: string) =>
  ctx.request('POST', '/api/calendar/import/', {
    raw: text,
    headers: { ...user.auth, 'content-type': 'text/calendar; charset=utf-8' },
  });

const ics = (...lines: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//test//EN',
    ...lines,
    'END:VCALENDAR',
    '',
  ].join('\r\n');

describe('GET /api/calendar/export.ics', () => {
  it('answers the user’s events as VEVENTs and dated to-dos as VTODOs, field by field', async () => {
    const alice = await ctx.signUp('alice');
    const bob = await ctx.signUp('bob');
    await seedCalendar(alice, 'alice');
    await seedCalendar(bob, 'bob');
    const res = await ctx.request('GET', '/api/calendar/export.ics', { headers: alice.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="prodify.ics"');
    expect(res.body).not.toContain('bob');
    const cal = parse(res.body);
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    const events = cal.getAllSubcomponents('vevent');
    expect(events.map((e) => e.getFirstPropertyValue('summary'))).toEqual([
      'alice standup',
      'alice holiday',
    ]);
    const timed = events[0]?.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect([timed.isDate, timed.toString(), timed.zone?.tzid]).toEqual([
      false,
      '2027-01-02T09:30:00',
      'floating',
    ]);
    expect(events[0]?.getFirstProperty('dtstart')?.getParameter('tzid')).toBeUndefined();
    const untimed = events[1]?.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect([untimed.isDate, untimed.toString()]).toEqual([true, '2027-01-03']);
    const todos = cal.getAllSubcomponents('vtodo');
    expect(
      todos.map((t) => [
        t.getFirstPropertyValue('summary'),
        String(t.getFirstPropertyValue('due')),
        (t.getFirstPropertyValue('due') as ICAL.Time).isDate,
        t.getFirstPropertyValue('priority'),
        t.getFirstPropertyValue('status'),
      ]),
    ).toEqual([
      ['alice file taxes', '2027-04-15', true, 1, 'NEEDS-ACTION'],
      ['alice done', '2027-02-01', true, 5, 'COMPLETED'],
    ]);
    // Stable: UIDs and the whole text are the same on a second export.
    const again = await ctx.request('GET', '/api/calendar/export.ics', { headers: alice.auth });
    expect(again.body).toBe(res.body);
    const uids = [...events, ...todos].map((c) => c.getFirstPropertyValue('uid'));
    expect(new Set(uids).size).toBe(4);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.request('GET', '/api/calendar/export.ics')).statusCode).toBe(401);
  });
});

describe('the calendar feed', () => {
  it('creates, serves without a token, answers If-None-Match, rotates and turns off', async () => {
    const alice = await ctx.signUp('alice');
    await seedCalendar(alice, 'alice');
    const none = await ctx.request('GET', '/api/calendar/feed/', { headers: alice.auth });
    expect(none.json()).toEqual({ active: false, created_at: null });

    const created = await ctx.request('POST', '/api/calendar/feed/', { headers: alice.auth });
    expect(created.statusCode).toBe(201);
    const url = created.json().url as string;
    expect(url).toMatch(/^\/api\/calendar\/feed\/[A-Za-z0-9_-]{32}\.ics$/);
    const status = await ctx.request('GET', '/api/calendar/feed/', { headers: alice.auth });
    expect(status.json()).toMatchObject({ active: true });
    // Only a hash of the token is stored.
    const token = url.split('/').pop()?.replace('.ics', '') as string;
    const stored = await ctx.db.handle.db.selectFrom('calendar_feeds').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const feed = await ctx.request('GET', url);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const etag = feed.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const exported = await ctx.request('GET', '/api/calendar/export.ics', { headers: alice.auth });
    expect(feed.body).toBe(exported.body);
    const cached = await ctx.request('GET', url, { headers: { 'if-none-match': etag } });
    expect([cached.statusCode, cached.body]).toEqual([304, '']);
    // A change gives a new ETag.
    await post(alice, '/api/calendar/events/', { title: 'new one', date: '2027-05-05' });
    const changed = await ctx.request('GET', url, { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);

    const rotated = await ctx.request('POST', '/api/calendar/feed/', { headers: alice.auth });
    const newUrl = rotated.json().url as string;
    expect(newUrl).not.toBe(url);
    expect((await ctx.request('GET', url)).statusCode).toBe(404);
    expect((await ctx.request('GET', newUrl)).statusCode).toBe(200);

    const off = await ctx.request('DELETE', '/api/calendar/feed/', { headers: alice.auth });
    expect(off.statusCode).toBe(204);
    expect((await ctx.request('GET', newUrl)).statusCode).toBe(404);
    expect(
      (await ctx.request('GET', '/api/calendar/feed/', { headers: alice.auth })).json(),
    ).toEqual({ active: false, created_at: null });
  });

  it('answers 404 to made-up tokens of every shape', async () => {
    for (const file of [
      'x.ics',
      `${'a'.repeat(32)}.ics`,
      `${'a'.repeat(32)}`,
      '..%2f..%2fetc.ics',
    ]) {
      const res = await ctx.request('GET', `/api/calendar/feed/${file}`);
      expect(res.statusCode, file).toBe(404);
    }
  });

  it('keeps the feed URL out of the logs', async () => {
    const logged = await loggedApp(ctx, 'trace');
    try {
      const alice = await ctx.signUp('alice');
      const created = await send(logged.app, {
        method: 'POST',
        url: '/api/calendar/feed/',
        headers: alice.auth,
      });
      const url = created.json().url as string;
      expect((await send(logged.app, { method: 'GET', url })).statusCode).toBe(200);
      const token = url.split('/').pop()?.replace('.ics', '') as string;
      expect(logged.text()).not.toContain(token);
      expect(logged.text()).toContain('/api/calendar/feed/[redacted].ics');
    } finally {
      await logged.close();
    }
  });
});

describe('POST /api/calendar/import/', () => {
  it('adds VEVENTs and VTODOs, skips other components with reasons, never twice', async () => {
    const alice = await ctx.signUp('alice');
    const text = ics(
      'BEGIN:VTIMEZONE',
      'TZID:Custom/Plus2',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0200',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:a@test',
      'DTSTAMP:20260101T000000Z',
      'SUMMARY:Floating',
      'DTSTART:20270102T093000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:b@test',
      'DTSTAMP:20260101T000000Z',
      'SUMMARY:All day',
      'DTSTART;VALUE=DATE:20270103',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:c@test',
      'DTSTAMP:20260101T000000Z',
      'SUMMARY:In UTC',
      'DTSTART:20270104T140000Z',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:d@test',
      'DTSTAMP:20260101T000000Z',
      'SUMMARY:In New York',
      'DTSTART;TZID=America/New_York:20270105T090000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:e@test',
      'DTSTAMP:20260101T000000Z',
      'SUMMARY:In the file’s zone',
      'DTSTART;TZID=Custom/Plus2:20270106T120000',
      'END:VEVENT',
      'BEGIN:VTODO',
      'UID:f@test',
      'DTSTAMP:20260101T000000Z',
      'SUMMARY:Pay rent',
      'DUE;VALUE=DATE:20270201',
      'PRIORITY:2',
      'END:VTODO',
      'BEGIN:VJOURNAL',
      'UID:g@test',
      'DTSTAMP:20260101T000000Z',
      'SUMMARY:Diary',
      'END:VJOURNAL',
    );
    const res = await importIcs(alice, text);
    expect(res.statusCode, res.body).toBe(201);
    const summary = res.json();
    expect(summary.created).toEqual({ notes: 0, todos: 1, events: 5 });
    expect(summary.skipped).toEqual({ notes: 0, todos: 0, events: 0, other: 1 });
    expect(summary.reasons).toEqual([
      { item: 'VJOURNAL "Diary"', reason: 'VJOURNAL is neither an event nor a to-do' },
    ]);
    const local = (ms: number) => {
      const d = new Date(ms);
      const p = (n: number) => String(n).padStart(2, '0');
      return [
        `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`,
        `${p(d.getHours())}:${p(d.getMinutes())}:00`,
      ];
    };
    const events = await ctx.request('GET', '/api/calendar/events/', { headers: alice.auth });
    expect(
      events
        .json()
        .map((e: { title: string; date: string; time: string | null }) => [
          e.title,
          e.date,
          e.time,
        ]),
    ).toEqual([
      ['Floating', '2027-01-02', '09:30:00'],
      ['All day', '2027-01-03', null],
      ['In UTC', ...local(Date.UTC(2027, 0, 4, 14, 0))],
      ['In New York', ...local(Date.UTC(2027, 0, 5, 14, 0))],
      ['In the file’s zone', ...local(Date.UTC(2027, 0, 6, 10, 0))],
    ]);
    const todos = await ctx.request('GET', '/api/todos/', { headers: alice.auth });
    expect(todos.json()).toMatchObject([
      { task: 'Pay rent', due_date: '2027-02-01', priority: 'H' },
    ]);

    const again = await importIcs(alice, text);
    expect(again.json().created).toEqual({ notes: 0, todos: 0, events: 0 });
    expect(again.json().skipped).toMatchObject({ todos: 1, events: 5 });
  });

  it('round-trips its own export: into a fresh account equal, into the same account skipped', async () => {
    const alice = await ctx.signUp('alice');
    await seedCalendar(alice, 'alice');
    const exported = (await ctx.request('GET', '/api/calendar/export.ics', { headers: alice.auth }))
      .body;
    expect((await importIcs(alice, exported)).json().created).toEqual({
      notes: 0,
      todos: 0,
      events: 0,
    });
    const carol = await ctx.signUp('carol');
    expect((await importIcs(carol, exported)).json().created).toEqual({
      notes: 0,
      todos: 2,
      events: 2,
    });
    const fields = async (user: TestUser) =>
      (await ctx.request('GET', '/api/calendar/events/', { headers: user.auth }))
        .json()
        .map(({ id: _, ...rest }: { id: number }) => rest);
    expect(await fields(carol)).toEqual(await fields(alice));
  });

  it('refuses a malformed file with the parser’s reason, importing nothing', async () => {
    const alice = await ctx.signUp('alice');
    for (const text of [
      'not a calendar',
      'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:x\r\n',
      'BEGIN:VEVENT\r\nEND:VEVENT\r\n',
    ]) {
      const res = await importIcs(alice, text);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().non_field_errors[0]).toMatch(/^Not a valid iCalendar file: ./);
    }
    const events = await ctx.request('GET', '/api/calendar/events/', { headers: alice.auth });
    expect(events.json()).toEqual([]);
  });

  it('takes only text/calendar', async () => {
    const alice = await ctx.signUp('alice');
    const res = await ctx.request('POST', '/api/calendar/import/', {
      body: { a: 1 },
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(415);
    // Other routes keep refusing calendar bodies.
    const other = await ctx.request('POST', '/api/notes/', {
      raw: ics(),
      headers: { ...alice.auth, 'content-type': 'text/calendar' },
    });
    expect(other.statusCode).toBe(415);
  });
});
