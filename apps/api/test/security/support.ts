import { createHmac } from 'node:crypto';
import { type Contract, contract, type RouteMetadata } from '@prodify/contract';
import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/env';
import { loggerOptions } from '../../src/logger';
import { createFakeSummarizer, type FakeSummarizer } from '../fakes/summarizer';
import type { TestContext, TestUser } from '../support/app';
import { send } from '../support/inject';
import { SoftAuthenticator, type SoftCredential } from '../support/webauthn';

// ---- The contract's routes ----------------------------------------------------------------

export interface ContractRoute {
  /** `notes.get`: the route's key path in the contract. */
  name: string;
  route: AppRoute;
  method: AppRoute['method'];
  path: string;
  auth: boolean;
  /** The path has an `:id` parameter (an object of a user). */
  hasId: boolean;
}

function walk(router: AppRouter, prefix: string[]): ContractRoute[] {
  return Object.entries(router).flatMap(([key, entry]) => {
    const name = [...prefix, key];
    if (!isAppRoute(entry)) return walk(entry as AppRouter, name);
    const meta = entry.metadata as RouteMetadata | undefined;
    if (typeof meta?.auth !== 'boolean') {
      throw new Error(`contract route ${name.join('.')} has no metadata.auth`);
    }
    return [
      {
        name: name.join('.'),
        route: entry,
        method: entry.method,
        path: entry.path,
        auth: meta.auth,
        hasId: entry.path.includes(':id'),
      },
    ];
  });
}

/** Every route of the contract, walked from `contract` itself (a new route appears here). */
export const CONTRACT_ROUTES: ContractRoute[] = walk(contract as Contract, []);

export const SIGNED_IN_ROUTES = CONTRACT_ROUTES.filter((r) => r.auth);
export const PUBLIC_ROUTES = CONTRACT_ROUTES.filter((r) => !r.auth);

/** A route's URL; an occurrence route names `OCCURRENCE_DATE` (an occurrence of the seeded series). */
export const urlOf = (route: ContractRoute, id: number | string = 1, date = OCCURRENCE_DATE) =>
  route.path.replace(':id', String(id)).replace(':date', date);

/** A date on which the seeded series (each user's second event, daily) occurs. */
export const OCCURRENCE_DATE = '2026-03-05';

/** The kind of object an `:id` route addresses, from its path. */
export type Resource = 'notes' | 'todos' | 'events' | 'sessions' | 'appPasswords' | 'passkeys';
export function resourceOf(route: ContractRoute): Resource {
  if (route.path.startsWith('/api/sessions/')) return 'sessions';
  if (route.path.startsWith('/api/app-passwords/')) return 'appPasswords';
  if (route.path.startsWith('/api/passkeys/')) return 'passkeys';
  if (route.path.startsWith('/api/trash/notes/')) return 'notes';
  if (route.path.startsWith('/api/trash/todos/')) return 'todos';
  if (route.path.startsWith('/api/trash/events/')) return 'events';
  if (route.path.startsWith('/api/notes/')) return 'notes';
  if (route.path.startsWith('/api/todos/')) return 'todos';
  if (route.path.startsWith('/api/calendar/events/')) return 'events';
  throw new Error(`no resource known for ${route.name} (${route.path}): classify it here`);
}

// ---- Data -----------------------------------------------------------------------------------

export interface Seeded {
  notes: number[];
  todos: number[];
  events: number[];
  /** Sessions of other sign-ins (not the one of `user.access`). */
  sessions: number[];
  /** App passwords (for CalDAV clients). */
  appPasswords: number[];
  /** One deleted note, to-do and event: in the trash. */
  trashed: { notes: number[]; todos: number[]; events: number[] };
  /** The user's calendar feed URL (it carries its secret token). */
  feed?: string;
  /** The secret of a two-factor setup that awaits its confirmation (ADR 0430). */
  totpSecret: string;
  /** Passkeys (ADR 0431): the first one's credential signs `passkeyLogins`. */
  passkeys: number[];
  /** A registration answer to a challenge the server issued (one use). */
  passkeyRegistration: { name: string; response: unknown };
  /** Sign-in answers to challenges the server issued: each used once, taken in turn. */
  passkeyLogins: Array<{ response: unknown }>;
}

/** What a browser's passkey would answer; the API tests' relying party (PUBLIC_URL default). */
const authenticator = new SoftAuthenticator();

/** A few notes (one with a saved summary), to-dos and events of one user, made through the API. */
export async function seed(
  app: FastifyInstance,
  user: TestUser,
  tag = user.username,
): Promise<Seeded> {
  const out: Seeded = {
    notes: [],
    todos: [],
    events: [],
    sessions: [],
    appPasswords: [],
    trashed: { notes: [], todos: [], events: [] },
    totpSecret: '',
    passkeys: [],
    passkeyRegistration: { name: '', response: {} },
    passkeyLogins: [],
  };
  const post = async (url: string, body: object) => {
    const res = await send(app, { method: 'POST', url, body, headers: user.auth });
    if (res.statusCode !== 201) throw new Error(`seed ${url}: ${res.statusCode} ${res.body}`);
    return (res.json() as { id: number }).id;
  };
  for (let i = 0; i < 3; i++) {
    out.notes.push(
      await post('/api/notes/', { title: `${tag} note ${i}`, content: `${tag} private text ${i}` }),
    );
    out.todos.push(
      await post('/api/todos/', {
        task: `${tag} task ${i}`,
        priority: (['L', 'M', 'H'] as const)[i],
        due_date: i === 0 ? null : `2026-0${i}-1${i}`,
        completed: i === 2,
        // The second repeats: completing it records the occurrence and moves it on (ADR 0422).
        ...(i === 1 && { due_time: '08:00', rrule: 'FREQ=WEEKLY' }),
      }),
    );
    out.events.push(
      await post('/api/calendar/events/', {
        title: `${tag} event ${i}`,
        date: `2026-03-0${i + 1}`,
        time: i === 0 ? null : `1${i}:30`,
        // The second event is a daily series (its occurrences have routes of their own).
        ...(i === 1 && { end_time: '11:45', rrule: 'FREQ=DAILY' }),
      }),
    );
  }
  for (const [kind, url, body] of [
    ['notes', '/api/notes/', { title: `${tag} deleted note`, content: `${tag} deleted text` }],
    ['todos', '/api/todos/', { task: `${tag} deleted task` }],
    ['events', '/api/calendar/events/', { title: `${tag} deleted event`, date: '2026-03-09' }],
  ] as const) {
    const id = await post(url, body);
    const removeUrl = kind === 'notes' ? `/api/notes/delete/${id}/` : `${url}${id}/`;
    const res = await send(app, { method: 'DELETE', url: removeUrl, headers: user.auth });
    if (res.statusCode !== 204) throw new Error(`seed delete ${removeUrl}: ${res.statusCode}`);
    out.trashed[kind].push(id);
  }
  const summarized = await send(app, {
    method: 'POST',
    url: `/api/notes/${out.notes[0]}/summarize/`,
    headers: user.auth,
  });
  if (summarized.statusCode !== 200) throw new Error(`seed summary: ${summarized.body}`);
  for (let i = 0; i < 2; i++) {
    const body = { username: user.username, password: user.password };
    const res = await send(app, { method: 'POST', url: '/api/token/', body });
    if (res.statusCode !== 200) throw new Error(`seed sign-in: ${res.statusCode} ${res.body}`);
    out.sessions.push(decodePayload((res.json() as { access: string }).access).sid as number);
  }
  for (const name of ['phone', 'laptop']) {
    out.appPasswords.push(await post('/api/app-passwords/', { name: `${tag} ${name}` }));
  }
  const feed = await send(app, { method: 'POST', url: '/api/calendar/feed/', headers: user.auth });
  if (feed.statusCode !== 201) throw new Error(`seed feed: ${feed.body}`);
  out.feed = (feed.json() as { url: string }).url;
  const setup = await send(app, {
    method: 'POST',
    url: '/api/2fa/totp/setup/',
    body: {},
    headers: user.auth,
  });
  if (setup.statusCode !== 200) throw new Error(`seed two-factor setup: ${setup.body}`);
  out.totpSecret = (setup.json() as { secret: string }).secret;
  await seedPasskeys(app, user, out);
  return out;
}

/** Two passkeys, a registration and sign-ins ready to send (their challenges are issued). */
async function seedPasskeys(app: FastifyInstance, user: TestUser, out: Seeded) {
  const call = async (url: string, body: object, auth = true) => {
    const res = await send(app, { method: 'POST', url, body, headers: auth ? user.auth : {} });
    if (res.statusCode >= 300) throw new Error(`seed ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const registration = async () =>
    authenticator.create(await call('/api/passkeys/register/options/', {}));
  let signer: SoftCredential | undefined;
  for (const name of ['Laptop', 'Phone']) {
    const made = await registration();
    signer ??= made.credential;
    const passkey = await call('/api/passkeys/register/verify/', { name, response: made.response });
    out.passkeys.push(passkey.id);
  }
  out.passkeyRegistration = { name: 'Tablet', response: (await registration()).response };
  for (let i = 0; i < 6; i++) {
    const options = await call('/api/passkeys/login/options/', {}, false);
    out.passkeyLogins.push({ response: authenticator.get(options, signer as SoftCredential) });
  }
}

/** Every stored row of one user, straight from the database (password hash and version too). */
export async function snapshot(ctx: TestContext, userId: number) {
  const db = ctx.db.handle.db;
  return {
    user: await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),
    notes: await db
      .selectFrom('notes')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    todos: await db
      .selectFrom('todos')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    events: await db
      .selectFrom('events')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    // `last_used_at` moves with the owner's own requests (at most once a minute).
    sessions: await db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'created_at', 'user_agent', 'ip'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    trash: await db
      .selectFrom('trash')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('kind')
      .orderBy('item_id')
      .execute(),
    todoCompletions: await db
      .selectFrom('todo_completions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    eventExceptions: await db
      .selectFrom('event_exceptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('event_id')
      .orderBy('occurrence')
      .execute(),
    appPasswords: await db
      .selectFrom('app_passwords')
      .select(['id', 'user_id', 'name', 'secret_hash', 'token_version', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    feed: await db
      .selectFrom('calendar_feeds')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    totp: await db
      .selectFrom('user_totp')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    passkeys: await db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    recoveryCodes: await db
      .selectFrom('recovery_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
  };
}

/** What the user sees of their data through the API (lists and each object). */
export async function readBack(app: FastifyInstance, user: TestUser) {
  const get = async (url: string) => {
    const res = await send(app, { method: 'GET', url, headers: user.auth });
    return { status: res.statusCode, body: res.body };
  };
  const notes = await get('/api/notes/');
  const todos = await get('/api/todos/');
  const events = await get('/api/calendar/events/');
  const trash = await get('/api/trash/');
  const one: Record<string, { status: number; body: string }> = {};
  for (const [list, prefix] of [
    [notes, '/api/notes/'],
    [todos, '/api/todos/'],
    [events, '/api/calendar/events/'],
  ] as const) {
    for (const item of JSON.parse(list.body) as Array<{ id: number }>) {
      one[`${prefix}${item.id}/`] = await get(`${prefix}${item.id}/`);
    }
  }
  return {
    me: await get('/api/user/'),
    settings: await get('/api/settings/'),
    notes,
    todos,
    events,
    trash,
    one,
  };
}

// ---- Tokens ---------------------------------------------------------------------------------

const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

export function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/** A JWT made by hand (any header, any payload), signed with HMAC-SHA of `secret`. */
export function craftJwt(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  secret: string,
  hash: 'sha256' | 'sha384' | 'sha512' = 'sha256',
): string {
  const signingInput = `${b64(header)}.${b64(payload)}`;
  const signature = createHmac(hash, secret).update(signingInput).digest('base64url');
  return `${signingInput}.${signature}`;
}

/** Claims as our server writes them, for a user, valid now. */
export function claimsFor(
  userId: number,
  overrides: Record<string, unknown> = {},
  type: 'access' | 'refresh' = 'access',
) {
  const now = Math.floor(Date.now() / 1000);
  return {
    token_type: type,
    exp: now + 600,
    iat: now,
    jti: 'f'.repeat(32),
    user_id: userId,
    token_version: 0,
    ...overrides,
  };
}

// ---- Logs -----------------------------------------------------------------------------------

export interface LoggedApp {
  app: FastifyInstance;
  /** Its summary engine: a deterministic stand-in (see test/fakes/summarizer.ts). */
  summarizer: FakeSummarizer;
  /** Every line the app logged, parsed. */
  lines: Array<Record<string, unknown> & { level: number; msg?: string }>;
  /** The raw text of every line. */
  text(): string;
  close(): Promise<void>;
}

/**
 * Another app on the test database whose logger (the production options, redaction included,
 * at `level`) writes into memory, so a test can read everything it logged.
 */
export async function loggedApp(
  ctx: TestContext,
  level: 'trace' | 'debug' | 'info' | 'warn',
  overrides: Partial<Config> = {},
): Promise<LoggedApp> {
  const raw: string[] = [];
  const config = { ...ctx.config, ...overrides };
  const summarizer = createFakeSummarizer();
  const app = await buildApp({
    config,
    db: ctx.db.handle,
    summarizer,
    transferWorker: inject('transferWorker'),
    logger: {
      ...loggerOptions(config),
      level,
      stream: { write: (line: string) => raw.push(line) },
    },
  });
  await app.ready();
  return {
    app,
    summarizer,
    get lines() {
      return raw.map((line) => JSON.parse(line));
    },
    text: () => raw.join(''),
    close: () => app.close(),
  };
}

// ---- Answers ----------------------------------------------------------------------------------

/**
 * The contract route that answers a method and URL. Clients (inject, browsers) resolve `%2e%2e`
 * path segments, so the route that answers may not be the one a path was made from.
 */
export function routeFor(method: string, url: string): ContractRoute | undefined {
  const pathname = new URL(url, 'http://localhost').pathname.replace(/\/?$/, '/');
  return CONTRACT_ROUTES.find(
    (r) =>
      r.method === method &&
      new RegExp(
        `^${r.path.replace(':id', '[^/]+').replace(':date', '[^/]+').replace(/\/?$/, '/?')}$`,
      ).test(pathname),
  );
}

/** Routes whose 400 may be the original's `{error: "..."}` (with DRF field errors beside it). */
const ERROR_KEY_ROUTES = new Set(['auth.checkUsername', 'summarize.summarize']);

const isStringList = (v: unknown) =>
  Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === 'string');

/**
 * Why a 4xx body is not DRF-shaped, or undefined when it is: `{detail: string, ...}`, or
 * `{field: [strings], ...}`, or (check-username, summarize) the original's `{error: string}`.
 */
export function drfShapeProblem(
  res: LightMyRequestResponse,
  routeName?: string,
): string | undefined {
  if (!/^application\/json/.test(String(res.headers['content-type'] ?? ''))) {
    return `content-type ${res.headers['content-type']}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'not JSON';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'not an object';
  const record = body as Record<string, unknown>;
  if (typeof record.detail === 'string') return undefined;
  const entries = Object.entries(record);
  if (entries.length === 0) return 'empty object';
  const allowError = routeName !== undefined && ERROR_KEY_ROUTES.has(routeName);
  for (const [key, value] of entries) {
    if (key === 'error' && allowError && typeof value === 'string') continue;
    if (!isStringList(value)) return `field ${key} is not a list of strings`;
  }
  return undefined;
}
