import { type ExportDocument, TRANSFER_LIMITS } from '@prodify/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';

const ctx = useTestApp();

async function seed(user: TestUser, tag: string) {
  const post = async (url: string, body: object) => {
    const res = await ctx.request('POST', url, { body, headers: user.auth });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  const note = await post('/api/notes/', { title: `${tag} note`, content: `${tag} body ✓` });
  await post('/api/notes/', { title: `${tag} second`, content: 'line 1\nline 2' });
  await ctx.db.handle.db
    .updateTable('notes')
    .set({ summary: `${tag} summary` })
    .where('id', '=', note.id)
    .execute();
  await post('/api/todos/', { task: `${tag} task`, due_date: '2027-03-04', priority: 'H' });
  await post('/api/todos/', { task: `${tag} done`, completed: true });
  await post('/api/calendar/events/', {
    title: `${tag} meeting`,
    date: '2027-01-02',
    time: '09:30',
  });
  await post('/api/calendar/events/', { title: `${tag} all day`, date: '2027-01-03' });
}

async function exportOf(user: TestUser) {
  const res = await ctx.request('GET', '/api/export/', { headers: user.auth });
  expect(res.statusCode, res.body).toBe(200);
  return { res, doc: JSON.parse(res.body) as ExportDocument & Record<string, unknown> };
}

const importDoc = (user: TestUser, doc: unknown) =>
  ctx.request('POST', '/api/import/', { body: doc, headers: user.auth });

/** A document without what differs between accounts: ids, `exported_at`, the username. */
function comparable(doc: ExportDocument) {
  const strip = <T extends { id: number }>(items: T[]) => items.map(({ id: _, ...rest }) => rest);
  return { notes: strip(doc.notes), todos: strip(doc.todos), events: strip(doc.events) };
}

describe('GET /api/export/', () => {
  it('answers the signed-in user’s data only, as a named JSON download', async () => {
    const alice = await ctx.signUp('alice');
    const bob = await ctx.signUp('bob');
    await seed(alice, 'alice');
    await seed(bob, 'bob');
    const { res, doc } = await exportOf(alice);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="prodify-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(Object.keys(doc)).toEqual([
      'format',
      'version',
      'exported_at',
      'username',
      'notes',
      'todos',
      'events',
    ]);
    expect(doc).toMatchObject({ format: 'prodify-export', version: 1, username: 'alice' });
    expect(doc.notes.map((n) => n.title)).toEqual(['alice note', 'alice second']);
    expect(doc.notes[0]).toMatchObject({ content: 'alice body ✓', summary: 'alice summary' });
    expect(doc.notes[1]?.summary).toBeNull();
    expect(doc.todos.map((t) => [t.task, t.due_date, t.priority, t.completed])).toEqual([
      ['alice task', '2027-03-04', 'H', false],
      ['alice done', null, 'M', true],
    ]);
    expect(doc.events.map((e) => [e.title, e.date, e.time])).toEqual([
      ['alice meeting', '2027-01-02', '09:30:00'],
      ['alice all day', '2027-01-03', null],
    ]);
    expect(res.body).not.toContain('bob');
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.request('GET', '/api/export/');
    expect(res.statusCode).toBe(401);
  });

  it('streams an account larger than one batch, every row once and in order', async () => {
    const alice = await ctx.signUp('alice');
    await sql`
      insert into notes (user_id, title, content)
      select ${alice.id}, 'n' || i, 'c' || i from generate_series(1, 2345) i
    `.execute(ctx.db.handle.db);
    const { doc } = await exportOf(alice);
    expect(doc.notes).toHaveLength(2345);
    expect(new Set(doc.notes.map((n) => n.id)).size).toBe(2345);
  });
});

describe('POST /api/import/ (JSON)', () => {
  it('round-trips: export, import into a fresh account, export again gives the same data', async () => {
    const alice = await ctx.signUp('alice');
    await seed(alice, 'alice');
    // A weekly series with one occurrence deleted and one moved (and retimed, renamed).
    const series = await ctx.request('POST', '/api/calendar/events/', {
      body: {
        title: 'standup',
        date: '2027-01-04',
        time: '09:00',
        end_time: '09:15',
        rrule: 'FREQ=WEEKLY;COUNT=6',
      },
      headers: alice.auth,
    });
    expect(series.statusCode, series.body).toBe(201);
    const at = (d: string) => `/api/calendar/events/${series.json().id}/occurrences/${d}/`;
    const del = await ctx.request('DELETE', at('2027-01-11'), { headers: alice.auth });
    expect(del.statusCode, del.body).toBe(204);
    const moved = await ctx.request('PATCH', at('2027-01-18'), {
      body: { date: '2027-01-19', time: '10:00', end_time: '10:30', title: 'standup (moved)' },
      headers: alice.auth,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const first = await exportOf(alice);
    const exported = first.doc.events.find((e) => e.title === 'standup');
    expect(exported?.exceptions).toEqual([
      { occurrence: '2027-01-11', deleted: true },
      {
        occurrence: '2027-01-18',
        title: 'standup (moved)',
        date: '2027-01-19',
        time: '10:00:00',
        end_time: '10:30:00',
      },
    ]);
    // Events without changed occurrences carry no `exceptions` key.
    expect(first.doc.events.filter((e) => 'exceptions' in e)).toHaveLength(1);
    const carol = await ctx.signUp('carol');
    const res = await importDoc(carol, first.doc);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      created: { notes: 2, todos: 2, events: 3 },
      skipped: { notes: 0, todos: 0, events: 0, other: 0 },
      reasons: [],
    });
    const second = await exportOf(carol);
    expect(comparable(second.doc)).toEqual(comparable(first.doc));
    // The ids are carol's own, not alice's.
    expect(second.doc.notes.map((n) => n.id)).not.toEqual(first.doc.notes.map((n) => n.id));
    // The app's lists show the imported rows too.
    const notes = await ctx.request('GET', '/api/notes/', { headers: carol.auth });
    expect(notes.json().map((n: { title: string }) => n.title)).toEqual([
      'alice note',
      'alice second',
    ]);
    // The imported series answers ranges as alice's: same occurrences, same changes.
    const range = '/api/calendar/events/?start=2027-01-04&end=2027-02-28';
    const occurrences = async (user: TestUser) => {
      const list = await ctx.request('GET', range, { headers: user.auth });
      expect(list.statusCode, list.body).toBe(200);
      return list
        .json()
        .filter((e: { title: string }) => e.title.startsWith('standup'))
        .map(({ id: _, ...rest }: { id: number }) => rest);
    };
    const theirs = await occurrences(carol);
    expect(theirs.map((e: { date: string }) => e.date)).toEqual([
      '2027-01-04',
      '2027-01-19',
      '2027-01-25',
      '2027-02-01',
      '2027-02-08',
    ]);
    expect(theirs).toEqual(await occurrences(alice));
  });

  it('gives an imported series its series_end, so ranges far from its start find it', async () => {
    const dave = await ctx.signUp('dave');
    const doc = {
      format: 'prodify-export',
      version: 1,
      exported_at: '2027-01-01T00:00:00Z',
      username: 'someone',
      notes: [],
      todos: [],
      events: [
        {
          id: 7,
          title: 'weekly review',
          date: '2027-01-01',
          time: '16:00',
          end_time: '17:00',
          rrule: 'FREQ=WEEKLY;UNTIL=20270401',
          created_at: '2026-12-01T10:00:00Z',
        },
        {
          id: 8,
          title: 'gym',
          date: '2027-01-02',
          rrule: 'FREQ=WEEKLY;BYDAY=SA',
          created_at: '2026-12-01T10:00:00Z',
        },
        {
          id: 9,
          title: 'bad until',
          date: '2027-05-01',
          rrule: 'FREQ=DAILY;UNTIL=20270101',
          created_at: '2026-12-01T10:00:00Z',
        },
      ],
    };
    const res = await importDoc(dave, doc);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created.events).toBe(2);
    expect(res.json().skipped.events).toBe(1);
    expect(res.json().reasons).toEqual([
      { item: 'event "bad until"', reason: "rrule: UNTIL must not be before the event's date." },
    ]);
    // The same series_end as the same events created through the API.
    const erin = await ctx.signUp('erin');
    for (const { id: _, created_at: __, ...body } of doc.events.slice(0, 2)) {
      const made = await ctx.request('POST', '/api/calendar/events/', { body, headers: erin.auth });
      expect(made.statusCode, made.body).toBe(201);
    }
    const ends = (user: TestUser) =>
      ctx.db.handle.db
        .selectFrom('events')
        .innerJoin('users', 'users.id', 'events.user_id')
        .select(['title', sql<string | null>`series_end::text`.as('end')])
        .where('users.username', '=', user.username)
        .orderBy('title')
        .execute();
    const imported = await ends(dave);
    expect(imported).toEqual(await ends(erin));
    expect(imported.map((e) => e.end)).toEqual([null, '2027-04-01']);
    const list = await ctx.request('GET', '/api/calendar/events/?start=2027-03-20&end=2027-04-10', {
      headers: dave.auth,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().map((e: { title: string; date: string }) => `${e.date} ${e.title}`)).toEqual(
      [
        '2027-03-20 gym',
        '2027-03-26 weekly review',
        '2027-03-27 gym',
        '2027-04-03 gym',
        '2027-04-10 gym',
      ],
    );
  });

  it('skips what was imported before: the same file twice adds nothing the second time', async () => {
    const alice = await ctx.signUp('alice');
    await seed(alice, 'alice');
    const { doc } = await exportOf(alice);
    const carol = await ctx.signUp('carol');
    expect((await importDoc(carol, doc)).statusCode).toBe(201);
    const again = await importDoc(carol, doc);
    expect(again.statusCode).toBe(201);
    expect(again.json().created).toEqual({ notes: 0, todos: 0, events: 0 });
    expect(again.json().skipped).toEqual({ notes: 2, todos: 2, events: 2, other: 0 });
    expect(again.json().reasons[0].reason).toMatch(/already in your account/);
    expect((await exportOf(carol)).doc.notes).toHaveLength(2);
  });

  it('skips the account’s own items (an export re-imported where it came from)', async () => {
    const alice = await ctx.signUp('alice');
    await seed(alice, 'alice');
    const { doc } = await exportOf(alice);
    const res = await importDoc(alice, doc);
    expect(res.json().created).toEqual({ notes: 0, todos: 0, events: 0 });
    // Deleting an item and importing again brings it back (and only it).
    await ctx.request('DELETE', `/api/notes/delete/${doc.notes[0]?.id}/`, { headers: alice.auth });
    const restored = await importDoc(alice, doc);
    expect(restored.json().created).toEqual({ notes: 1, todos: 0, events: 0 });
  });

  it('exports and imports a summary longer than its note (a full-length note kept whole)', async () => {
    const alice = await ctx.signUp('alice');
    const note = await ctx.request('POST', '/api/notes/', {
      body: { title: 'long', content: 'x'.repeat(100_000) },
      headers: alice.auth,
    });
    const summary = `Summary: ${'x'.repeat(100_000)}`;
    await ctx.db.handle.db
      .updateTable('notes')
      .set({ summary })
      .where('id', '=', (note.json() as { id: number }).id)
      .execute();
    const { doc } = await exportOf(alice);
    expect(doc.notes[0]?.summary).toBe(summary);
    const bob = await ctx.signUp('bob');
    const res = await importDoc(bob, doc);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    expect(comparable((await exportOf(bob)).doc)).toEqual(comparable(doc));
  });

  it('never takes a row the same import just added for one of the account’s own', async () => {
    // Items of another server whose old ids are ids this import hands out, all with one
    // created_at: a row added by the first batch (500 items) must not make a later item look
    // like the account's own (same id and created_at) and be skipped.
    const alice = await ctx.signUp('alice');
    const first = await ctx.request('POST', '/api/notes/', {
      body: { title: 'mine', content: 'x' },
      headers: alice.auth,
    });
    const next = (first.json() as { id: number }).id + 1;
    const createdAt = '2026-01-01T00:00:00Z';
    // The first batch's old ids are far away; the next batch's are the ids the first one gets.
    const notes = Array.from({ length: 700 }, (_, i) => ({
      id: i < 500 ? 900_000_000 + i : next + (i - 500),
      title: `n${i}`,
      content: `c${i}`,
      created_at: createdAt,
    }));
    const doc = {
      format: 'prodify-export',
      version: 1,
      exported_at: createdAt,
      username: 'elsewhere',
      notes,
      todos: [],
      events: [],
    };
    const res = await importDoc(alice, doc);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created).toEqual({ notes: 700, todos: 0, events: 0 });
    expect(res.json().skipped.notes).toBe(0);
  });

  it('never touches another account, and never overwrites', async () => {
    const alice = await ctx.signUp('alice');
    const bob = await ctx.signUp('bob');
    await seed(bob, 'bob');
    const bobBefore = (await exportOf(bob)).doc;
    // Alice sends bob's ids: she gets copies, bob's rows stay as they were.
    const forged = { ...bobBefore, notes: bobBefore.notes.map((n) => ({ ...n, title: 'mine' })) };
    expect((await importDoc(alice, forged)).json().created.notes).toBe(2);
    expect(comparable((await exportOf(bob)).doc)).toEqual(comparable(bobBefore));
  });

  it('refuses a wrong format, version or types with field errors, importing nothing', async () => {
    const alice = await ctx.signUp('alice');
    await seed(alice, 'alice');
    const { doc } = await exportOf(alice);
    const carol = await ctx.signUp('carol');
    const cases: [unknown, string][] = [
      [{ ...doc, format: 'other' }, 'format'],
      [{ ...doc, version: 2 }, 'version'],
      [{ ...doc, notes: 'x' }, 'notes'],
      [{ ...doc, notes: [...doc.notes, { ...doc.notes[0], title: 5 }] }, 'notes.2.title'],
      [{ ...doc, todos: [{ ...doc.todos[0], priority: 'X' }] }, 'todos.0.priority'],
      [{ ...doc, events: [{ ...doc.events[0], date: '2027-02-30' }] }, 'events.0.date'],
      [{ ...doc, notes: [{ ...doc.notes[0], created_at: 'yesterday' }] }, 'notes.0.created_at'],
      [{ ...doc, events: [{ ...doc.events[0], end_time: '08:00' }] }, 'events.0.end_time'],
      [[], 'non_field_errors'],
    ];
    for (const [body, field] of cases) {
      const res = await importDoc(carol, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json()), res.body).toContain(field);
    }
    expect((await exportOf(carol)).doc).toMatchObject({ notes: [], todos: [], events: [] });
  });

  it('imports nothing when a later part fails in the database (one transaction)', async () => {
    const carol = await ctx.signUp('carol');
    const db = ctx.db.handle.db;
    // A database that refuses one event, after the notes went in.
    await sql`
      create function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.title = 'boom' then raise exception 'refused by the test'; end if;
        return new;
      end $$
    `.execute(db);
    await sql`create trigger refuse_boom before insert on events
      for each row execute function refuse_boom()`.execute(db);
    try {
      const at = '2026-01-01T00:00:00Z';
      const res = await importDoc(carol, {
        format: 'prodify-export',
        version: 1,
        exported_at: at,
        username: 'x',
        notes: [{ id: 1, title: 't', content: 'c', created_at: at }],
        todos: [{ id: 1, task: 't', created_at: at }],
        events: [{ id: 1, title: 'boom', date: '2026-01-01', created_at: at }],
      });
      expect(res.statusCode).toBe(500);
      const { doc } = await exportOf(carol);
      expect([doc.notes, doc.todos, doc.events]).toEqual([[], [], []]);
    } finally {
      await sql`drop trigger refuse_boom on events`.execute(db);
      await sql`drop function refuse_boom()`.execute(db);
    }
  });

  it('takes a body above the global 1 MB limit, and answers 413 above its own', async () => {
    const carol = await ctx.signUp('carol');
    const big = 'x'.repeat(90_000);
    const notes = Array.from({ length: 30 }, (_, i) => ({
      id: i + 1,
      title: `n${i}`,
      content: big,
      created_at: '2026-01-01T00:00:00Z',
    }));
    const doc = { format: 'prodify-export', version: 1, exported_at: '2026-01-01T00:00:00Z' };
    const ok = await importDoc(carol, { ...doc, username: 'x', notes, todos: [], events: [] });
    expect(ok.statusCode, ok.body.slice(0, 200)).toBe(201);
    expect(ok.json().created.notes).toBe(30);
    const tooLarge = await ctx.request('POST', '/api/import/', {
      raw: `{"pad":"${'y'.repeat(TRANSFER_LIMITS.importBytes)}"}`,
      headers: { ...carol.auth, 'content-type': 'application/json' },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ detail: 'Request body is too large (the limit is 64 MB).' });
    // Other routes keep the global limit and its text.
    const other = await ctx.request('POST', '/api/notes/', {
      raw: `{"title":"${'y'.repeat(1_100_000)}"}`,
      headers: { ...carol.auth, 'content-type': 'application/json' },
    });
    expect(other.statusCode).toBe(413);
    expect(other.json().detail).toMatch(/1 MB/);
  });
});
