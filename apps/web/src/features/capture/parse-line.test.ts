import { describe, expect, it } from 'vitest';
import { parseLine, QUICK_ADD_MAX } from './parse-line';

// Friday 27 November 2026, 10:00 local time.
const now = new Date(2026, 10, 27, 10, 0);
const parse = (line: string, options: Partial<Parameters<typeof parseLine>[1]> = {}) =>
  parseLine(line, { now, locale: 'en-US', ...options });

describe('parseLine', () => {
  it('reads the Todoist habit: a day, a time, a priority and a tag', () => {
    const got = parse('Call mom tomorrow 5pm p1 #family');
    expect(got).toMatchObject({
      kind: 'event',
      title: 'Call mom',
      date: '2026-11-28',
      time: '17:00',
      tags: ['family'],
    });
    // Events have no priority: the chip says so and the value is dropped.
    expect(got.priority).toBeUndefined();
    expect(got.chips.find((c) => c.kind === 'priority')?.note).toMatch(/dropped/);
    expect(got.chips.map((c) => c.kind).sort()).toEqual(['date', 'priority', 'tag', 'time']);
  });

  it('makes a to-do of a line without a time, with its priority', () => {
    expect(parse('Pay rent in 3 days !high')).toMatchObject({
      kind: 'todo',
      title: 'Pay rent',
      date: '2026-11-30',
      priority: 'H',
    });
    expect(parse('Buy stamps p3')).toMatchObject({
      kind: 'todo',
      title: 'Buy stamps',
      priority: 'L',
    });
    expect(parse('Buy stamps').date).toBeUndefined();
  });

  it('reads next fri, Dec 5 at 14:30 and 5pm', () => {
    expect(parse('Standup next fri')).toMatchObject({ kind: 'todo', date: '2026-12-04' });
    expect(parse('Dentist Dec 5 at 14:30')).toMatchObject({
      kind: 'event',
      title: 'Dentist',
      date: '2026-12-05',
      time: '14:30',
    });
    expect(parse('Gym 5pm')).toMatchObject({ kind: 'event', date: '2026-11-27', time: '17:00' });
  });

  it('turns repetitions into the events RRULE subset', () => {
    expect(parse('Yoga every monday 19:30')).toMatchObject({
      kind: 'event',
      title: 'Yoga',
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
      date: '2026-11-30',
      time: '19:30',
    });
    expect(parse('Review every 2 weeks').rrule).toBe('FREQ=WEEKLY;INTERVAL=2');
    expect(parse('Rent every month on the 1st').rrule).toBe('FREQ=MONTHLY;BYMONTHDAY=1');
    expect(parse('Stretch daily')).toMatchObject({
      kind: 'event',
      title: 'Stretch',
      rrule: 'FREQ=DAILY',
    });
    expect(parse('Standup every weekday').rrule).toBe('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
  });

  it('keeps the words of titles that only look like dates', () => {
    expect(parse('Read The 5th Wave')).toMatchObject({ title: 'Read The 5th Wave', kind: 'todo' });
    expect(parse('Read The 5th Wave').date).toBeUndefined();
    expect(parse('Renovation plans')).toMatchObject({ title: 'Renovation plans' });
    expect(parse('Renovation plans').chips).toEqual([]);
  });

  it('offers, without applying, a lone month or weekday word', () => {
    for (const line of ['March madness bracket', 'Sat down with Sam']) {
      const got = parse(line);
      expect(got.title, line).toBe(line);
      expect(got.date, line).toBeUndefined();
      const chip = got.chips.find((c) => c.kind === 'date');
      expect(chip?.applied, line).toBe(false);
      // Accepting the offered chip applies it.
      const accepted = parse(line, { accepted: new Set([chip?.id as string]) });
      expect(accepted.date, line).toBeDefined();
      expect(accepted.title, line).not.toBe(line);
    }
  });

  it('still reads a real date after an offered word', () => {
    const got = parse('Sat down with Sam tomorrow');
    expect(got).toMatchObject({ title: 'Sat down with Sam', date: '2026-11-28' });
  });

  it('keeps a removed chip’s words literal', () => {
    const first = parse('Call mom tomorrow 5pm p1 #family');
    const dismissed = new Set(first.chips.map((c) => c.id));
    const got = parse('Call mom tomorrow 5pm p1 #family', { dismissed });
    expect(got).toMatchObject({
      title: 'Call mom tomorrow 5pm p1 #family',
      kind: 'todo',
      tags: [],
    });
    expect(got.chips).toEqual([]);
    // Removing only the time keeps the whole phrase as text, the rest still applies.
    const timeOnly = first.chips.find((c) => c.kind === 'time')?.id as string;
    const partly = parse('Call mom tomorrow 5pm p1 #family', { dismissed: new Set([timeOnly]) });
    expect(partly).toMatchObject({ title: 'Call mom tomorrow 5pm', kind: 'todo', priority: 'H' });
    expect(partly.date).toBeUndefined();
  });

  it('lets the user switch the kind', () => {
    expect(parse('Call mom tomorrow 5pm', { kind: 'todo' })).toMatchObject({
      kind: 'todo',
      date: '2026-11-28',
      time: '17:00',
    });
    expect(parse('Plan trip', { kind: 'event' })).toMatchObject({
      kind: 'event',
      date: '2026-11-27',
    });
  });

  it('takes only tags the server accepts, lower-cased, each once', () => {
    expect(parse('Notes #Work #work #café #a_b-1').tags).toEqual(['work', 'a_b-1']);
    expect(parse('Notes #Work #work #café #a_b-1').title).toBe('Notes #café');
  });

  it('reads day-first dates in a day-first locale', () => {
    expect(parse('Party 5/12', { locale: 'en-GB' }).date).toBe('2026-12-05');
    expect(parse('Party 5/12', { locale: 'en-US' }).date).toBe('2027-05-12');
  });

  it('reads at most QUICK_ADD_MAX characters', () => {
    const long = `${'word '.repeat(QUICK_ADD_MAX)}tomorrow`;
    const got = parse(long);
    expect(got.date).toBeUndefined();
    expect(got.title.length).toBeLessThanOrEqual(QUICK_ADD_MAX);
  });
});
