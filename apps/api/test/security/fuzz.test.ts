import { ExportDocumentSchema } from '@prodify/contract';
import { ContractNoBody, isAppRouteOtherResponse } from '@ts-rest/core';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type TestUser, useTestApp } from '../support/app';
import { testBackend } from '../support/database';
import { type Req, send } from '../support/inject';
import {
  hostileHeaders,
  hostileValue,
  idSegment,
  objectFromZod,
  queryFromZod,
  rawPayload,
} from './arbitraries';
import {
  CONTRACT_ROUTES,
  type ContractRoute,
  decodePayload,
  drfShapeProblem,
  type LoggedApp,
  loggedApp,
  OCCURRENCE_DATE,
  resourceOf,
  routeFor,
  type Seeded,
  seed,
  snapshot,
  urlOf,
} from './support';

/**
 * Property-based fuzzing of every contract route: path ids, query strings, bodies and raw
 * payloads generated from the contract's zod schemas, mixed with hostile values, sent by a
 * signed-in user who has data, next to another user who has data too. `FULL_RUN=1` (the
 * `fuzz` script) makes at least 10,000 requests per database; `npm test` a smaller number.
 */
const FULL_RUN = ['1', 'true'].includes(process.env.FULL_RUN ?? '');
const TOTAL = Number(process.env.FUZZ_REQUESTS) || (FULL_RUN ? 10_400 : 3_000);
const SEED = Number(process.env.FUZZ_SEED) || Date.now() % 2 ** 31;

const ctx = useTestApp();

interface Actor {
  user: TestUser;
  data: Seeded;
}

let logged: LoggedApp;
let alice: Actor;
let bob: Actor;
const status = new Map<number, number>();
const perRoute = new Map<string, Map<number, number>>();
let requests = 0;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  logged = await loggedApp(ctx, 'warn');
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUncaught);
});

afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  process.off('unhandledRejection', onUncaught);
  await logged.close();
});

function count(route: string, code: number) {
  requests++;
  status.set(code, (status.get(code) ?? 0) + 1);
  const mine = perRoute.get(route) ?? new Map<number, number>();
  mine.set(code, (mine.get(code) ?? 0) + 1);
  perRoute.set(route, mine);
}

/** The checks every answer must pass, whatever was sent. */
function checkAnswer(route: ContractRoute, req: Req, res: LightMyRequestResponse) {
  const what = `${req.method} ${req.url} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const answering = routeFor(String(req.method), req.url)?.name ?? route.name;
    expect(drfShapeProblem(res, answering), what).toBeUndefined();
    return;
  }
  // A success answers what the contract says it answers.
  const schema = route.route.responses[res.statusCode as keyof typeof route.route.responses];
  expect(schema, `undeclared status: ${what}`).toBeDefined();
  if (schema === ContractNoBody) expect(res.body, what).toBe('');
  else if (isAppRouteOtherResponse(schema as never)) {
    // A download: its media type, and for the JSON export its document.
    const other = schema as unknown as { contentType: string; body: z.ZodTypeAny };
    const type = other.contentType.split(';')[0] as string;
    expect(res.headers['content-type'], what).toContain(type);
    if (type === 'application/json') {
      const parsed = other.body.safeParse(res.json());
      expect(parsed.success, `${what}: ${parsed.error?.message}`).toBe(true);
    }
  } else {
    const parsed = (schema as z.ZodTypeAny).safeParse(res.json());
    expect(parsed.success, `${what}: ${parsed.error?.message}`).toBe(true);
  }
}

/** The request generator of one route. */
function requestsFor(route: ContractRoute) {
  const resource = route.hasId ? resourceOf(route) : undefined;
  // The trash's routes (restores too) mostly name what is in the trash.
  const inTrash =
    resource !== undefined &&
    resource !== 'sessions' &&
    resource !== 'appPasswords' &&
    resource !== 'passkeys' &&
    route.name.startsWith('trash.');
  const id = resource
    ? idSegment(
        () => (inTrash ? alice.data.trashed[resource] : alice.data[resource]),
        () => (inTrash ? bob.data.trashed[resource] : bob.data[resource]),
      )
    : fc.constant('');
  const query =
    route.method === 'GET'
      ? queryFromZod(route.route.query as z.ZodTypeAny | undefined)
      : fc.oneof(
          { weight: 5, arbitrary: fc.constant('') },
          { weight: 1, arbitrary: queryFromZod(undefined) },
        );
  const declared = 'body' in route.route ? route.route.body : undefined;
  // The JSON import's body is an export document; other file bodies get hostile values only.
  const bodySchema =
    route.name === 'transfer.import'
      ? ExportDocumentSchema
      : declared instanceof z.ZodObject || declared === ContractNoBody
        ? declared
        : undefined;
  const body: fc.Arbitrary<unknown> =
    route.method === 'GET'
      ? fc.constant(undefined)
      : bodySchema && bodySchema !== ContractNoBody
        ? fc.oneof(
            // Fitting fields (with owner fields beside them), or fields with hostile values.
            { weight: 4, arbitrary: objectFromZod(bodySchema as z.AnyZodObject, 0) },
            { weight: 5, arbitrary: objectFromZod(bodySchema as z.AnyZodObject, 0.2) },
            { weight: 1, arbitrary: hostileValue },
          )
        : fc.option(hostileValue, { nil: undefined, freq: 3 });
  // An occurrence's date: mostly one of the seeded series', else another day or no date at all.
  const date = route.path.includes(':date')
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constant(OCCURRENCE_DATE) },
        { weight: 1, arbitrary: fc.constantFrom('2026-03-01', '2027-03-05', '2026-02-30', 'x') },
      )
    : fc.constant('');
  return fc.record({
    id,
    date,
    query,
    body,
    headers: fc.option(hostileHeaders, { nil: undefined, freq: 5 }),
    // Now and then the real credentials, so the valid paths of sign-in and settings run too.
    real: fc.nat({ max: 5 }).map((n) => n === 0),
  });
}

/** Puts the signed-in user's real secrets into some generated bodies. */
function withRealSecrets(route: ContractRoute, body: unknown, real: boolean): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const out = { ...(body as Record<string, unknown>) };
  const { user } = alice;
  if (real && (route.name === 'settings.put' || route.name === 'settings.patch')) {
    out.current_password = user.password;
  }
  if (real && route.name === 'auth.login') {
    out.username = user.username;
    out.password = user.password;
  }
  if (real && route.name === 'auth.refresh') out.refresh = user.refresh;
  // The fuzz must not delete the account it signs in with.
  if (route.name === 'settings.deleteAccount' && out.password === user.password) out.password = 'x';
  return out;
}

/** Alice's objects as the fuzz creates and deletes them, so ids stay mostly real. */
function trackObjects(route: ContractRoute, id: string, res: LightMyRequestResponse) {
  if (route.name.startsWith('trash.remove')) {
    const kind = resourceOf(route) as 'notes' | 'todos' | 'events';
    const trash = alice.data.trashed;
    if (res.statusCode === 204) trash[kind] = trash[kind].filter((x) => String(x) !== id);
    return;
  }
  const kind = route.path.startsWith('/api/notes/')
    ? 'notes'
    : route.path.startsWith('/api/todos/')
      ? 'todos'
      : route.path.startsWith('/api/calendar/events/')
        ? 'events'
        : route.name === 'sessions.end'
          ? 'sessions'
          : undefined;
  if (!kind) return;
  if (res.statusCode === 201) alice.data[kind].push((res.json() as { id: number }).id);
  if (res.statusCode === 204) {
    const had = alice.data[kind].map(String).includes(id);
    alice.data[kind] = alice.data[kind].filter((x) => String(x) !== id);
    // A whole item deleted (not one occurrence of a series) is in the trash now.
    if (had && kind !== 'sessions' && !route.path.includes(':date')) {
      alice.data.trashed[kind].push(+id);
    }
  }
  if (res.statusCode === 200 && route.name.startsWith('trash.restore') && kind !== 'sessions') {
    alice.data[kind].push(+id);
    alice.data.trashed[kind] = alice.data.trashed[kind].filter((x) => String(x) !== id);
  }
}

/** A settings change that succeeded: the user now has new tokens, maybe a new name or password. */
function adoptSettings(body: unknown, res: LightMyRequestResponse) {
  const answer = res.json() as { username: string; access: string; refresh: string };
  const sent = body as { new_password?: string };
  const user = alice.user;
  user.username = answer.username;
  user.access = answer.access;
  user.refresh = answer.refresh;
  user.auth = { authorization: `Bearer ${answer.access}` };
  if (typeof sent.new_password === 'string' && sent.new_password !== '') {
    user.password = sent.new_password;
  }
}

/** Ending the current session signs Alice out: she signs in again, so the fuzz goes on. */
async function signInAgainIfEnded(id: string) {
  // Numerically: the path's digits may carry leading zeros.
  if (Number(decodePayload(alice.user.access).sid) !== Number(id)) return;
  const body = { username: alice.user.username, password: alice.user.password };
  const res = await send(logged.app, { method: 'POST', url: '/api/token/', body });
  expect(res.statusCode).toBe(200);
  const pair = res.json() as { access: string; refresh: string };
  alice.user.access = pair.access;
  alice.user.refresh = pair.refresh;
  alice.user.auth = { authorization: `Bearer ${pair.access}` };
}

/** fc.assert, with the report cut short: a counterexample may hold a 1 MB string. */
async function assertShort<T>(property: fc.IAsyncProperty<T>, params: fc.Parameters<T>) {
  try {
    await fc.assert(property, params);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    const cut = (text: string) =>
      text.replace(/(.)\1{200,}/g, (run, c: string) => `${c}…(${run.length}×)`).slice(0, 4000);
    throw new Error(`${cut(message)}\n\nCaused by: ${cut(cause)}`);
  }
}

describe(`fuzzing every contract route (${testBackend()})`, () => {
  it(
    'answers every generated request with a 2xx or a DRF-shaped 4xx, never a 5xx, and keeps data intact',
    async () => {
      const started = performance.now();
      // Alice has enough data for several pages; Bob's data must come out bit for bit the same.
      const aliceUser = await ctx.signUp('alice');
      alice = { user: aliceUser, data: await seed(logged.app, aliceUser) };
      for (let i = 0; i < 12; i++) {
        await send(logged.app, {
          method: 'POST',
          url: '/api/notes/',
          body: { title: `n${i}`, content: `c${i}` },
          headers: alice.user.auth,
        });
        await send(logged.app, {
          method: 'POST',
          url: '/api/todos/',
          body: { task: `t${i}` },
          headers: alice.user.auth,
        });
      }
      const bobUser = await ctx.signUp('bob');
      bob = { user: bobUser, data: await seed(logged.app, bobUser) };
      const bobBefore = await snapshot(ctx, bob.user.id);
      const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
      const logsBefore = logged.lines.length;

      const rawShare = Math.ceil(TOTAL * 0.1);
      const perRouteRuns = Math.ceil((TOTAL - rawShare) / CONTRACT_ROUTES.length);

      for (const [index, route] of CONTRACT_ROUTES.entries()) {
        await assertShort(
          fc.asyncProperty(requestsFor(route), async ({ id, date, query, body, headers, real }) => {
            const path = route.path.replace(':id', id).replace(':date', date);
            const url = `${path}${query ? `?${query}` : ''}`;
            const payload = withRealSecrets(route, body, real);
            const req: Req = {
              method: route.method,
              url,
              ...(payload !== undefined ? { body: payload } : {}),
              headers: {
                ...headers,
                ...(route.auth ? alice.user.auth : {}),
              },
            };
            const res = await send(logged.app, req);
            count(route.name, res.statusCode);
            checkAnswer(route, req, res);
            if (route.hasId && bob.data[resourceOf(route)].map(String).includes(id)) {
              // Another user's object: never found (or refused for another reason), never served.
              expect(res.statusCode, `${req.method} ${url}`).toBeGreaterThanOrEqual(400);
            }
            if (res.statusCode === 200 && route.name.startsWith('settings.p')) {
              adoptSettings(payload, res);
            }
            trackObjects(route, id, res);
            if (res.statusCode === 204 && route.name === 'sessions.end')
              await signInAgainIfEnded(id);
          }),
          { numRuns: perRouteRuns, seed: SEED + index },
        );
      }

      // Raw payloads: malformed JSON, wrong content types, invalid UTF-8, on every route.
      const writeRoutes = CONTRACT_ROUTES.filter((r) => r.method !== 'GET');
      await assertShort(
        fc.asyncProperty(
          fc.constantFrom(...writeRoutes),
          rawPayload,
          async (route, { body, contentType }) => {
            // A to-do's id (1 once the fuzz has deleted every tracked one, as urlOf would use).
            const id = alice.data.todos[0] ?? 1;
            const url = urlOf(route, id);
            const res = await logged.app.inject({
              method: route.method,
              url,
              headers: {
                ...(contentType !== undefined ? { 'content-type': contentType } : {}),
                ...(route.auth ? alice.user.auth : {}),
              },
              payload: body,
            });
            count(`raw ${route.name}`, res.statusCode);
            checkAnswer(route, { method: route.method, url }, res);
            // The path's id (a to-do's) may be Alice's own session's.
            if (res.statusCode === 204 && route.name === 'sessions.end') {
              await signInAgainIfEnded(String(id));
            }
          },
        ),
        { numRuns: rawShare, seed: SEED - 1 },
      );

      const seconds = (performance.now() - started) / 1000;
      const histogram = [...status.entries()].sort(([a], [b]) => a - b);
      const fiveXX = histogram.filter(([code]) => code >= 500).reduce((n, [, c]) => n + c, 0);
      const lines = [
        `[fuzz ${testBackend()}] ${requests} requests in ${seconds.toFixed(1)} s (seed ${SEED}${FULL_RUN ? ', full run' : ''})`,
        `[fuzz ${testBackend()}] statuses: ${histogram.map(([code, n]) => `${code}: ${n}`).join(', ')}`,
        `[fuzz ${testBackend()}] 5xx: ${fiveXX}; logged warnings/errors: ${logged.lines.length - logsBefore}; uncaught: ${uncaught.length}`,
        ...[...perRoute.entries()].map(
          ([name, codes]) =>
            `  ${name.padEnd(30)} ${[...codes.entries()]
              .sort(([a], [b]) => a - b)
              .map(([code, n]) => `${code}×${n}`)
              .join(' ')}`,
        ),
      ];
      console.log(lines.join('\n'));

      expect(requests).toBeGreaterThanOrEqual(TOTAL);
      expect(fiveXX).toBe(0);
      // Nothing the app logged at warn or above (a 500 is logged as an error).
      expect(logged.lines.slice(logsBefore)).toEqual([]);
      expect(uncaught).toEqual([]);
      // Nobody polluted a prototype.
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      // Bob's rows are exactly as they were; Alice can still read all of hers.
      expect(await snapshot(ctx, bob.user.id)).toEqual(bobBefore);
      for (const url of ['/api/notes/', '/api/todos/', '/api/calendar/events/', '/api/user/']) {
        const res = await send(logged.app, { method: 'GET', url, headers: alice.user.auth });
        expect(res.statusCode, url).toBe(200);
        const route = CONTRACT_ROUTES.find((r) => r.method === 'GET' && r.path === url);
        checkAnswer(route as ContractRoute, { method: 'GET', url }, res);
      }
    },
    FULL_RUN ? 60 * 60_000 : 180_000,
  );
});
