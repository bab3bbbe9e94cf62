import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';

const ctx = useTestApp();

const parse = (text: string) => new ICAL.Component(ICAL.parse(text) as unknown[]);

const importIcs = (user: TestUser, text: string) =>
  ctx.request('POST', '/api/calendar/import/', {
    raw: text,
    headers: { ...user.auth, 'content-type': 'text/calendar; charset=utf-8' },
  });

/** A weekly series with one occurrence deleted and one moved, retimed and renamed. */
async function seedSeries(user: TestUser) {
  const series = await ctx.request('POST', '/api/calendar/events/', {
    body: {
      title: 'standup',
      date: '2027-01-04',
      time: '09:00',
      end_time: '09:15',
      rrule: 'FREQ=WEEKLY;COUNT=6',
    },
    headers: user.auth,
  });
  expect(series.statusCode, series.body).toBe(201);
  const at = (d: string) => `/api/calendar/events/${series.json().id}/occurrences/${d}/`;
  expect((await ctx.request('DELETE', at('2027-01-11'), { headers: user.auth })).statusCode).toBe(
    204,
  );
  const moved = await ctx.request('PATCH', at('2027-01-18'), {
    body: { date: '2027-01-19', time: '10:00', end_time: '10:30', title: 'standup (moved)' },
    headers: user.auth,
  });
  expect(moved.statusCode, moved.body).toBe(200);
}

const occurrencesOf = async (user: TestUser) => {
  const res = await ctx.request('GET', '/api/calendar/events/?start=2027-01-01&end=2027-03-31', {
    headers: user.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().map(({ id: _, ...rest }: { id: number }) => rest);
};

const str = (comp: ICAL.Component | undefined, name: string) =>
  comp?.getAllProperties(name).map((p) => String(p.getFirstValue()));

describe('iCalendar and repeating events', () => {
  it('exports RRULE, DTEND, EXDATE and a RECURRENCE-ID VEVENT, and imports them back', async () => {
    const alice = await ctx.signUp('alice');
    await seedSeries(alice);
    const res = await ctx.request('GET', '/api/calendar/export.ics', { headers: alice.auth });
    expect(res.statusCode).toBe(200);
    const vevents = parse(res.body).getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(2);
    const [master, moved] = vevents;
    expect(str(master, 'summary')).toEqual(['standup']);
    expect(str(master, 'dtstart')).toEqual(['2027-01-04T09:00:00']);
    expect(str(master, 'dtend')).toEqual(['2027-01-04T09:15:00']);
    expect(str(master, 'rrule')).toEqual(['FREQ=WEEKLY;COUNT=6']);
    expect(str(master, 'exdate')).toEqual(['2027-01-11T09:00:00']);
    expect(str(master, 'recurrence-id')).toEqual([]);
    expect(str(moved, 'uid')).toEqual(str(master, 'uid'));
    expect(str(moved, 'recurrence-id')).toEqual(['2027-01-18T09:00:00']);
    expect(str(moved, 'summary')).toEqual(['standup (moved)']);
    expect(str(moved, 'dtstart')).toEqual(['2027-01-19T10:00:00']);
    expect(str(moved, 'dtend')).toEqual(['2027-01-19T10:30:00']);
    expect(str(moved, 'rrule')).toEqual([]);

    // ical.js expands the exported series to the occurrences the API lists.
    const event = new ICAL.Event(master);
    event.relateException(moved as ICAL.Component);
    const it = event.iterator();
    const expanded: string[] = [];
    for (let next = it.next(); next; next = it.next()) {
      const details = event.getOccurrenceDetails(next);
      expanded.push(`${details.startDate} ${details.item.summary}`);
    }
    const api = await occurrencesOf(alice);
    expect(expanded).toEqual(
      api.map(
        (e: { date: string; time: string; title: string }) => `${e.date}T${e.time} ${e.title}`,
      ),
    );
    expect(expanded).toHaveLength(5);

    // Into a fresh account: the same occurrences, changes and all.
    const carol = await ctx.signUp('carol');
    const imported = await importIcs(carol, res.body);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({
      created: { notes: 0, todos: 0, events: 1 },
      skipped: { notes: 0, todos: 0, events: 0, other: 0 },
      reasons: [],
    });
    expect(await occurrencesOf(carol)).toEqual(api);
  });

  it('skips a rule outside the supported subset, takes date EXDATEs, and same-day DTENDs only', async () => {
    const dave = await ctx.signUp('dave');
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//test//EN',
      'BEGIN:VEVENT',
      'UID:hourly@test',
      'DTSTAMP:20260101T000000Z',
      'SUMMARY:Every hour',
      'DTSTART:20270102T090000',
      'RRULE:FREQ=HOURLY;COUNT=3',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:bins@test',
      'DTSTAMP:20260101T000000Z',
      'SUMMARY:Bins',
      'DTSTART;VALUE=DATE:20270105',
      'RRULE:FREQ=WEEKLY;UNTIL=20270126',
      'EXDATE;VALUE=DATE:20270112,20270119',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:late@test',
      'DTSTAMP:20260101T000000Z',
      'SUMMARY:Late show',
      'DTSTART:20270106T230000',
      'DTEND:20270107T010000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:lunch@test',
      'DTSTAMP:20260101T000000Z',
      'SUMMARY:Lunch',
      'DTSTART:20270107T120000',
      'DTEND:20270107T130000',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const res = await importIcs(dave, text);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created).toEqual({ notes: 0, todos: 0, events: 3 });
    expect(res.json().skipped).toEqual({ notes: 0, todos: 0, events: 0, other: 1 });
    expect(res.json().reasons).toHaveLength(1);
    expect(res.json().reasons[0].item).toBe('VEVENT "Every hour"');
    expect(res.json().reasons[0].reason).toMatch(
      /^its repeat rule is not supported \(.+\): not imported$/,
    );
    expect(
      (await occurrencesOf(dave)).map(
        (e: { date: string; title: string; end_time?: string }) =>
          `${e.date} ${e.title}${e.end_time ? ` until ${e.end_time}` : ''}`,
      ),
    ).toEqual([
      '2027-01-05 Bins',
      '2027-01-06 Late show',
      '2027-01-07 Lunch until 13:00:00',
      '2027-01-26 Bins',
    ]);
  });
});
