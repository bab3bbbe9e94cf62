import { deflateRawSync } from 'node:zlib';
import {
  EVENT_RANGE_MAX_OCCURRENCES,
  TOO_MANY_OCCURRENCES,
  TRANSFER_LIMITS,
} from '@prodify/contract';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';

/**
 * Issue 17's findings, each as the request that hung, crashed or stalled the server before, and
 * what it must get now: a clear answer, fast, with nothing half-imported (ADR 0420).
 */
const ctx = useTestApp();

const ics = (...lines: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//test//EN',
    ...lines,
    'END:VCALENDAR',
    '',
  ].join('\r\n');

const importIcs = (user: TestUser, text: string) =>
  ctx.request('POST', '/api/calendar/import/', {
    raw: text,
    headers: { ...user.auth, 'content-type': 'text/calendar; charset=utf-8' },
  });

const importJson = (user: TestUser, text: string) =>
  ctx.request('POST', '/api/import/', {
    raw: text,
    headers: { ...user.auth, 'content-type': 'application/json' },
  });

const importFile = (user: TestUser, body: Buffer | string, type: string, query = '') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/import/${query}`,
    payload: body,
    headers: { ...user.auth, 'content-type': type },
  });

const eventsOf = async (user: TestUser) =>
  (await ctx.request('GET', '/api/calendar/events/', { headers: user.auth })).json() as {
    title: string;
    date: string;
    time: string | null;
  }[];

/** A zone whose rule would expand without bound in a library that walks it from its start. */
const zone = (tzid: string, rule: string, from = '16010101T000000') => [
  'BEGIN:VTIMEZONE',
  `TZID:${tzid}`,
  'BEGIN:STANDARD',
  `DTSTART:${from}`,
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  ...(rule ? [`RRULE:${rule}`] : []),
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  `DTSTART:${from}`,
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  ...(rule ? [`RRULE:${rule}`] : []),
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

const timed = async <T>(work: () => Promise<T>) => {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
};

describe('finding 1: a custom VTIMEZONE cannot make the server expand it without bound', () => {
  it('answers at once when the zone repeats SECONDLY from 1601: its event is skipped, saying why', async () => {
    const alice = await ctx.signUp('alice');
    const text = ics(
      ...zone('Evil/Seconds', 'FREQ=SECONDLY'),
      'BEGIN:VEVENT',
      'UID:evil@test',
      'DTSTART;TZID=Evil/Seconds:20260101T100000',
      'SUMMARY:Trap',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:fine@test',
      'DTSTART:20260102T100000',
      'SUMMARY:Fine',
      'END:VEVENT',
    );
    expect(Buffer.byteLength(text)).toBeLessThan(600);
    const { value: res, ms } = await timed(() => importIcs(alice, text));
    expect(res.statusCode, res.body).toBe(201);
    expect(ms).toBeLessThan(5_000);
    expect(res.json().created.events).toBe(1);
    expect(res.json().reasons).toEqual([
      {
        item: 'VEVENT "Trap"',
        reason:
          'its time zone "Evil/Seconds" cannot be used: its rule repeats secondly, not once a year',
      },
    ]);
    expect((await ctx.request('GET', '/healthz')).statusCode).toBe(200);
  });

  it('reads plausible DAILY, MONTHLY and YEARLY zones from year 1 with an event in year 9999 at once', async () => {
    const alice = await ctx.signUp('alice');
    for (const freq of ['DAILY', 'MONTHLY', 'YEARLY']) {
      const text = ics(
        ...zone(`Far/${freq}`, `FREQ=${freq}`, '00010101T000000'),
        'BEGIN:VEVENT',
        `UID:far-${freq}@test`,
        `DTSTART;TZID=Far/${freq}:99991230T100000`,
        `SUMMARY:${freq}`,
        'END:VEVENT',
      );
      const { value: res, ms } = await timed(() => importIcs(alice, text));
      expect(res.statusCode, res.body).toBe(201);
      expect(ms, freq).toBeLessThan(5_000);
    }
  });

  it('uses a real custom zone within bounds: yearly rules, the offset on both sides of a change', async () => {
    const alice = await ctx.signUp('alice');
    // Central Europe as Outlook names it: +01:00, +02:00 from the last Sunday of March 02:00 to
    // the last Sunday of October 03:00. An IANA name is taken from Intl, so it needs another.
    const europe = [
      'BEGIN:VTIMEZONE',
      'TZID:W. Europe Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16011028T030000',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010325T020000',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
    ];
    const at = (uid: string, when: string) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `DTSTART;TZID=W. Europe Standard Time:${when}`,
      `SUMMARY:${uid}`,
      'END:VEVENT',
    ];
    const res = await importIcs(
      alice,
      ics(...europe, ...at('winter', '20270115T120000'), ...at('summer', '20270715T120000')),
    );
    expect(res.statusCode, res.body).toBe(201);
    const local = (ms: number) => {
      const d = new Date(ms);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:00`;
    };
    const got = Object.fromEntries(
      (await eventsOf(alice)).map((e) => [e.title, `${e.date} ${e.time}`]),
    );
    expect(got).toEqual({
      winter: local(Date.UTC(2027, 0, 15, 11, 0)),
      summer: local(Date.UTC(2027, 6, 15, 10, 0)),
    });
  });
});

describe('finding 2: import validation stays bounded', () => {
  const empties = (n: number) =>
    `{"format":"prodify-export","version":1,"exported_at":"2026-11-27T00:00:00Z","username":"x","notes":[${Array(n).fill('{}').join(',')}],"todos":[],"events":[]}`;

  it('refuses 3 million empty objects by their count, before parsing them', async () => {
    const alice = await ctx.signUp('alice');
    const body = empties(3_000_000);
    expect(body.length).toBeLessThan(TRANSFER_LIMITS.importBytes);
    const { value: res, ms } = await timed(() => importJson(alice, body));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/more than 1200000 objects and lists/);
    expect(ms).toBeLessThan(10_000);
  });

  it('refuses 300,000 items by the item limit, and 100,000 bad ones with the first 50 errors only', async () => {
    const alice = await ctx.signUp('alice');
    const tooMany = await importJson(alice, empties(300_000));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      notes: [`Ensure this field has no more than ${TRANSFER_LIMITS.importItems} elements.`],
    });
    const { value: bad, ms } = await timed(() => importJson(alice, empties(100_000)));
    expect(bad.statusCode).toBe(400);
    const errors = bad.json();
    expect(Object.keys(errors)).toHaveLength(TRANSFER_LIMITS.errors);
    expect(Object.keys(errors).slice(0, 3)).toEqual([
      'notes.0.id',
      'notes.0.title',
      'notes.0.content',
    ]);
    expect(ms).toBeLessThan(5_000);
  });

  it('says where a malformed file breaks, in its own words', async () => {
    const alice = await ctx.signUp('alice');
    const res = await importJson(alice, '{\n  "format": "prodify-export",\n  "version": 1,,\n}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'This file is not valid JSON (line 3, column 16).' });
    const deep = await importJson(alice, `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().detail).toMatch(/nests more than 32 levels/);
    const proto = await importJson(alice, '{"__proto__": {"polluted": true}}');
    expect(proto.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('finding 3: one user’s import does not stall another user', () => {
  const notesDoc = (n: number, size: number) =>
    JSON.stringify({
      format: 'prodify-export',
      version: 1,
      exported_at: '2026-11-27T00:00:00Z',
      username: 'x',
      notes: Array.from({ length: n }, (_, i) => ({
        id: i + 1,
        title: `Note ${i}`,
        content: `${'word '.repeat(size / 5)}${i}`,
        created_at: '2026-11-01T10:00:00Z',
      })),
      todos: [],
      events: [],
    });

  it('serves another user while a large import runs, and imports it whole', async () => {
    const alice = await ctx.signUp('alice');
    const bob = await ctx.signUp('bob');
    await ctx.request('POST', '/api/notes/', {
      body: { title: 'Bob’s', content: 'x' },
      headers: bob.auth,
    });
    const body = notesDoc(20_000, 400);
    let importDone = 0;
    const importing = importJson(alice, body).then((res) => {
      importDone = performance.now();
      return res;
    });
    // Bob asks over and over while Alice's import is read and written.
    const answered: number[] = [];
    let res = await ctx.request('GET', '/api/notes/', { headers: bob.auth });
    while (importDone === 0) {
      expect(res.statusCode).toBe(200);
      answered.push(performance.now());
      await new Promise((resolve) => setTimeout(resolve, 50));
      res = await ctx.request('GET', '/api/notes/', { headers: bob.auth });
    }
    const imported = await importing;
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().created.notes).toBe(20_000);
    // Before: Bob's requests waited for the whole import. Now several are served during it.
    expect(answered.filter((t) => t < importDone).length).toBeGreaterThanOrEqual(3);
    const count = await ctx.request('GET', '/api/notes/?page=1', { headers: alice.auth });
    expect(count.json().count).toBe(20_000);
  }, 120_000);

  it('runs one import per user: a second at the same time gets 429 with Retry-After', async () => {
    const alice = await ctx.signUp('alice');
    const body = notesDoc(5_000, 200);
    const [first, second] = await Promise.all([importJson(alice, body), importJson(alice, body)]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([201, 429]);
    const busy = first.statusCode === 429 ? first : second;
    expect(busy.headers['retry-after']).toBe('10');
    expect(busy.json()).toEqual({
      detail: 'Another import of yours is still running. Try again when it has finished.',
    });
    // Another user is never refused for it.
    const bob = await ctx.signUp('bob');
    expect((await importJson(bob, notesDoc(1, 10))).statusCode).toBe(201);
  }, 60_000);
});

describe('finding 4: a range answer holds a bounded number of occurrences', () => {
  it('refuses a range past 10,000 occurrences with a 400 asking for a shorter one', async () => {
    const alice = await ctx.signUp('alice');
    const series = Math.ceil(EVENT_RANGE_MAX_OCCURRENCES / 366) + 1;
    const text = ics(
      ...Array.from({ length: series }, (_, i) => [
        'BEGIN:VEVENT',
        `UID:daily-${i}@test`,
        'DTSTART:20260101T090000',
        'RRULE:FREQ=DAILY',
        `SUMMARY:Daily ${i}`,
        'END:VEVENT',
      ]).flat(),
    );
    expect((await importIcs(alice, text)).statusCode).toBe(201);
    const year = await ctx.request('GET', '/api/calendar/events/?start=2026-01-01&end=2027-01-01', {
      headers: alice.auth,
    });
    expect(year.statusCode).toBe(400);
    expect(year.json()).toEqual({ end: [TOO_MANY_OCCURRENCES] });
    const month = await ctx.request(
      'GET',
      '/api/calendar/events/?start=2026-01-01&end=2026-01-31',
      {
        headers: alice.auth,
      },
    );
    expect(month.statusCode).toBe(200);
    expect(month.json()).toHaveLength(series * 31);
  }, 60_000);
});

describe('finding 5: bad input in a calendar is a 400 or a skipped event, never a 500', () => {
  it('answers 400 to an empty body and to 20,000 nested components', async () => {
    const alice = await ctx.signUp('alice');
    const empty = await importIcs(alice, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().non_field_errors[0]).toMatch(/^Not a valid iCalendar file: it is empty/);
    const nested = ics(
      'BEGIN:VEVENT',
      ...Array(20_000).fill('BEGIN:X'),
      ...Array(20_000).fill('END:X'),
      'END:VEVENT',
    );
    const res = await importIcs(alice, nested);
    expect(res.statusCode).toBe(400);
    expect(res.json().non_field_errors[0]).toMatch(/nests components more than 8 deep/);
  });

  it('reads DTSTART:20260101 as an all-day event and skips what cannot be read, with reasons', async () => {
    const alice = await ctx.signUp('alice');
    const event = (uid: string, ...lines: string[]) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `SUMMARY:${uid}`,
      ...lines,
      'END:VEVENT',
    ];
    const text = ics(
      ...event('bare-date', 'DTSTART:20260101'),
      ...event('bad-exdate', 'DTSTART:20260101T100000', 'RRULE:FREQ=DAILY', 'EXDATE:garbage'),
      ...event('bad-recurrence-id', 'DTSTART:20260101T100000', 'RECURRENCE-ID:xx'),
      ...event('bad-dtend', 'DTSTART:20260101T100000', 'DTEND:bad'),
      ...event('bad-until', 'DTSTART:20260101T100000', 'RRULE:FREQ=DAILY;UNTIL=garbage'),
      'BEGIN:VTODO',
      'UID:bad-due',
      'SUMMARY:bad-due',
      'DUE:20261301',
      'END:VTODO',
    );
    const res = await importIcs(alice, text);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created).toEqual({ notes: 0, todos: 0, events: 2 });
    expect(res.json().reasons.map((r: { item: string }) => r.item)).toEqual([
      'VEVENT "bad-exdate"',
      'VEVENT "bad-recurrence-id"',
      'VEVENT "bad-until"',
      'VTODO "bad-due"',
    ]);
    expect((await eventsOf(alice)).map((e) => [e.title, e.date, e.time])).toEqual([
      ['bare-date', '2026-01-01', null],
      ['bad-dtend', '2026-01-01', '10:00:00'],
    ]);
  });

  it('takes a Markdown file whose name holds a NUL', async () => {
    const alice = await ctx.signUp('alice');
    const res = await importFile(alice, 'no heading', 'text/markdown', '?filename=%00');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created.notes).toBe(1);
  });
});

describe('finding 6: a zip must be whole', () => {
  const good = () =>
    Buffer.from(
      zipSync({ 'a.md': strToU8('# A\n\nSome text that is long enough to deflate. '.repeat(20)) }),
    );

  it('refuses an entry whose bytes do not match its checksum', async () => {
    const alice = await ctx.signUp('alice');
    const zip = good();
    // The deflated data starts after the 30-byte local header and the name.
    const at = 30 + 'a.md'.length + 5;
    zip[at] = (zip[at] as number) ^ 0xff;
    const res = await importFile(alice, zip, 'application/zip');
    expect(res.statusCode).toBe(400);
    expect(res.json().non_field_errors[0]).toMatch(/^This zip is damaged: "a\.md" /);
  });

  it('refuses an encrypted entry and a zip without its central directory', async () => {
    const alice = await ctx.signUp('alice');
    const encrypted = good();
    const central = encrypted.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(encrypted.readUInt16LE(central + 8) | 1, central + 8);
    encrypted.writeUInt16LE(encrypted.readUInt16LE(6) | 1, 6);
    const res = await importFile(alice, encrypted, 'application/zip');
    expect(res.statusCode).toBe(400);
    expect(res.json().non_field_errors[0]).toBe('"a.md" in the zip is encrypted.');

    const cut = good().subarray(0, central);
    const headless = await importFile(alice, Buffer.from(cut), 'application/zip');
    expect(headless.statusCode).toBe(400);
    expect(headless.json().non_field_errors[0]).toBe(
      'This zip is damaged: it has no central directory (the end of the file is missing).',
    );
    expect((await ctx.request('GET', '/api/notes/', { headers: alice.auth })).json()).toEqual([]);
  });

  it('never shows the zip library’s own messages', async () => {
    const alice = await ctx.signUp('alice');
    // A local header announcing an unknown compression method, then garbage.
    const odd = good();
    odd.writeUInt16LE(99, 8);
    const central = odd.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    odd.writeUInt16LE(99, central + 10);
    const garbage = Buffer.concat([odd.subarray(0, 40), deflateRawSync(Buffer.from('x'))]);
    for (const payload of [odd, garbage]) {
      const res = await importFile(alice, payload, 'application/zip');
      expect(res.statusCode).toBe(400);
      const message = res.json().non_field_errors[0] as string;
      expect(message).toMatch(/^(This zip is damaged|"a\.md" in the zip uses)/);
      expect(message).not.toMatch(/constructor|undefined|TypeError/);
    }
  });
});

describe('finding 7: answers that carry secrets are never cached', () => {
  it('sends Cache-Control: no-store with tokens and with a feed URL', async () => {
    const alice = await ctx.signUp('alice');
    const token = await ctx.request('POST', '/api/token/', {
      body: { username: 'alice', password: 'Str0ng!Pass1' },
    });
    expect(token.headers['cache-control']).toBe('no-store');
    const refresh = await ctx.request('POST', '/api/token/refresh/', {
      body: { refresh: token.json().refresh },
    });
    expect(refresh.headers['cache-control']).toBe('no-store');
    const feed = await ctx.request('POST', '/api/calendar/feed/', { headers: alice.auth });
    expect(feed.headers['cache-control']).toBe('no-store');
    const settings = await ctx.request('PATCH', '/api/settings/', {
      body: { current_password: 'Str0ng!Pass1' },
      headers: alice.auth,
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.headers['cache-control']).toBe('no-store');
  });
});
