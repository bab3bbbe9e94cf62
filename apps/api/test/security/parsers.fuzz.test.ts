import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CorpusInput, generatedCorpus } from '../fuzz-corpus/generated';
import { type TestUser, useTestApp } from '../support/app';
import { measureSlowness } from '../support/slowness';

/**
 * The import parsers against the fuzz corpus (test/fuzz-corpus) and against inputs generated
 * by fast-check (ADR 0420): every answer is a 2xx or a 4xx, never a 5xx, within 2 s (scaled by
 * the machine's measured slowness), and the process' RSS grows by less than 200 MB over the run.
 * `npm test` generates a few dozen inputs per parser; `pnpm fuzz:parsers` (FULL_RUN) hundreds.
 */
const FULL_RUN = ['1', 'true'].includes(process.env.FULL_RUN ?? '');
const RUNS = Number(process.env.FUZZ_PARSER_RUNS) || (FULL_RUN ? 250 : 40);
const SEED = Number(process.env.FUZZ_SEED) || Date.now() % 2 ** 31;
const BOUND_MS = 2_000;
const RSS_GROWTH_MB = 200;

const ctx = useTestApp();
const corpusDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fuzz-corpus');

const ROUTES: Record<CorpusInput['type'], string> = {
  'text/calendar': '/api/calendar/import/',
  'application/json': '/api/import/',
  'application/zip': '/api/import/',
};

function corpusFiles(): CorpusInput[] {
  const kinds = { ics: 'text/calendar', json: 'application/json', zip: 'application/zip' } as const;
  return Object.entries(kinds).flatMap(([folder, type]) =>
    readdirSync(path.join(corpusDir, folder))
      .sort()
      .map((name) => ({ name, type, body: readFileSync(path.join(corpusDir, folder, name)) })),
  );
}

let user: TestUser;
let boundMs = BOUND_MS;
let rssStart = 0;
let rssMax = 0;
const slowest = { name: '', ms: 0 };

beforeAll(async () => {
  user = await ctx.signUp('fuzzer');
  boundMs = BOUND_MS * measureSlowness();
});

/** Sends one input; checks its status and time; answers its status. */
async function send(input: CorpusInput): Promise<number> {
  const start = performance.now();
  const res = await ctx.app.inject({
    method: 'POST',
    url: ROUTES[input.type],
    payload: input.body,
    headers: { ...user.auth, 'content-type': input.type },
  });
  const ms = performance.now() - start;
  rssMax = Math.max(rssMax, process.memoryUsage().rss);
  if (ms > slowest.ms) Object.assign(slowest, { name: input.name, ms });
  expect(res.statusCode, `${input.name}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(ms, `${input.name} took ${Math.round(ms)} ms`).toBeLessThan(boundMs);
  if (res.statusCode >= 400) {
    // A refusal says why, in our words: DRF-shaped, never a library's message.
    const body = res.json() as Record<string, unknown>;
    expect(Object.keys(body).length, input.name).toBeGreaterThan(0);
    expect(res.body, input.name).not.toMatch(/TypeError|undefined is not|constructor is not/);
  }
  return res.statusCode;
}

// ---- generators ---------------------------------------------------------------------------

const dateText = fc.oneof(
  fc
    .date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10).replaceAll('-', '')),
  fc.stringMatching(/^\d{8}$/),
  fc.string({ maxLength: 12 }),
);
const dateTimeText = fc
  .tuple(dateText, fc.stringMatching(/^T\d{6}Z?$/), fc.boolean())
  .map(([d, t, bare]) => (bare ? d : `${d}${t}`));
const rruleText = fc
  .tuple(
    fc.constantFrom('SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'X'),
    fc.subarray(
      [
        'INTERVAL=2',
        'COUNT=5000',
        'COUNT=99999999',
        'UNTIL=20270101',
        'UNTIL=garbage',
        'BYDAY=-1SU',
        'BYDAY=2SU,MO',
        'BYMONTH=3',
        'BYMONTHDAY=8,9,10,11,12,13,14',
        'BYSETPOS=1',
        'WKST=SU',
      ],
      { maxLength: 4 },
    ),
  )
  .map(([freq, parts]) => [`FREQ=${freq}`, ...parts].join(';'));
const property = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('DTSTART', 'DTEND', 'DUE', 'EXDATE', 'RDATE', 'RECURRENCE-ID'),
      fc.constantFrom('', ';VALUE=DATE', ';TZID=Europe/Berlin', ';TZID=Fuzz', ';TZID="x;y"'),
      dateTimeText,
    )
    .map(([name, params, value]) => `${name}${params}:${value}`),
  rruleText.map((r) => `RRULE:${r}`),
  fc.constantFrom('TZOFFSETFROM:+0100', 'TZOFFSETTO:-0530', 'TZOFFSETTO:bad', 'TZID:Fuzz'),
  fc.string({ maxLength: 40 }).map((s) => `SUMMARY:${s}`),
  fc.constantFrom('PRIORITY:1', 'PRIORITY:x', 'STATUS:COMPLETED', 'UID:fuzz', 'X-A;B=C:D'),
  fc.string({ maxLength: 30 }),
);
const component = fc.constantFrom(
  'VEVENT',
  'VTODO',
  'VTIMEZONE',
  'STANDARD',
  'DAYLIGHT',
  'VALARM',
  'VJOURNAL',
  'X',
);
const icsLine = fc.oneof(
  { weight: 4, arbitrary: property },
  { weight: 1, arbitrary: component.map((c) => `BEGIN:${c}`) },
  { weight: 1, arbitrary: component.map((c) => `END:${c}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => ` ${s}`) },
);
const icsInput = fc
  .tuple(fc.array(icsLine, { maxLength: 60 }), fc.boolean())
  .map(([lines, wrapped]) =>
    (wrapped ? ['BEGIN:VCALENDAR', ...lines, 'END:VCALENDAR'] : lines).join('\r\n'),
  );

const validItem = {
  notes: { id: 1, title: 't', content: 'c', created_at: '2026-01-01T00:00:00Z' },
  todos: {
    id: 1,
    task: 't',
    due_date: '2026-01-01',
    priority: 'H',
    created_at: '2026-01-01T00:00:00Z',
  },
  events: {
    id: 1,
    title: 't',
    date: '2026-01-01',
    time: '10:00',
    rrule: 'FREQ=WEEKLY',
    created_at: '2026-01-01T00:00:00Z',
    exceptions: [{ occurrence: '2026-01-08', deleted: true }],
  },
} as const;
const mutatedItem = (kind: keyof typeof validItem) =>
  fc.oneof(
    fc.constant(validItem[kind]),
    fc
      .tuple(fc.constantFrom(...Object.keys(validItem[kind])), fc.anything({ maxDepth: 2 }))
      .map(([key, value]) => ({ ...validItem[kind], [key]: value })),
    fc.anything({ maxDepth: 3 }),
  );
const jsonInput = fc
  .record({
    format: fc.oneof(fc.constant('prodify-export'), fc.anything({ maxDepth: 1 })),
    version: fc.oneof(fc.constant(1), fc.anything({ maxDepth: 1 })),
    exported_at: fc.constant('2026-11-27T00:00:00Z'),
    username: fc.string({ maxLength: 10 }),
    notes: fc.array(mutatedItem('notes'), { maxLength: 30 }),
    todos: fc.array(mutatedItem('todos'), { maxLength: 30 }),
    events: fc.array(mutatedItem('events'), { maxLength: 30 }),
  })
  .chain((doc) =>
    fc.oneof(
      fc.constant(JSON.stringify(doc)),
      // A valid document cut short or with a byte changed: malformed JSON at a random place.
      fc.tuple(fc.nat(), fc.constantFrom(',', '}', ']', '"', '\\', 'x')).map(([at, c]) => {
        const text = JSON.stringify(doc);
        const i = at % (text.length + 1);
        return `${text.slice(0, i)}${c}${text.slice(i + 1)}`;
      }),
    ),
  );

const zipInput = fc
  .tuple(
    fc.dictionary(
      fc.oneof(
        fc.stringMatching(/^[a-z]{1,8}\.md$/),
        fc.constantFrom('../x.md', '/abs.md', 'dir/', 'a\\b.md', 'c.png', 'C:/x.md'),
      ),
      fc.string({ maxLength: 200 }),
      { maxKeys: 6 },
    ),
    fc.constantFrom(0, 6),
    fc.array(fc.tuple(fc.nat(), fc.nat({ max: 255 })), { maxLength: 4 }),
    fc.option(fc.nat(), { nil: undefined }),
  )
  .map(([files, level, flips, cut]) => {
    const zip = Buffer.from(
      zipSync(
        Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])),
        { level: level as 0 | 6 },
      ),
    );
    for (const [at, value] of flips) zip[at % zip.length] = value;
    return cut === undefined ? zip : zip.subarray(0, cut % (zip.length + 1));
  });

// ---- the runs -----------------------------------------------------------------------------

describe('the import parsers, fuzzed', () => {
  it('answer every corpus input with a 2xx or a 4xx, in time', async () => {
    const inputs = [...corpusFiles(), ...generatedCorpus()];
    expect(inputs.length).toBeGreaterThan(50);
    // The server's growth is measured from here: building the inputs is the test's own memory.
    rssStart = process.memoryUsage().rss;
    for (const input of inputs) await send(input);
  }, 300_000);

  for (const [kind, arbitrary, type] of [
    ['iCalendar', icsInput.map((text) => Buffer.from(text)), 'text/calendar'],
    ['JSON', jsonInput.map((text) => Buffer.from(text)), 'application/json'],
    ['zip', zipInput, 'application/zip'],
  ] as const) {
    it(`answer ${RUNS} generated ${kind} files with a 2xx or a 4xx, in time (seed ${SEED})`, async () => {
      let n = 0;
      await fc.assert(
        fc.asyncProperty(arbitrary, async (body) => {
          n++;
          await send({ name: `generated ${kind} #${n}`, type, body: Buffer.from(body) });
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }, 600_000);
  }

  it('grew the process by less than 200 MB, and the server still answers', async () => {
    const grown = (rssMax - rssStart) / 1024 / 1024;
    console.info(
      `[parsers fuzz] RSS grew at most ${grown.toFixed(0)} MB; slowest: ${slowest.name} ${Math.round(slowest.ms)} ms (bound ${Math.round(boundMs)} ms)`,
    );
    expect(grown).toBeLessThan(RSS_GROWTH_MB);
    expect((await ctx.request('GET', '/healthz')).statusCode).toBe(200);
  });
});
