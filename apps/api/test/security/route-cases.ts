import type { TestUser } from '../support/app';
import type { Req } from '../support/inject';
import { totpCode } from '../support/totp';
import { CONTRACT_ROUTES, type ContractRoute, type Seeded, urlOf } from './support';

/**
 * One valid request for every route of the contract, made for a given user and their objects.
 * The access-control tests send these as the owner (they must succeed) and as someone else
 * (they must not touch the owner's data). A route added to the contract without a case here
 * fails `every contract route has a case` until it gets one.
 */
export type RouteCase = (
  user: TestUser,
  own: Seeded,
) => Omit<Req, 'method' | 'url'> & {
  id?: number;
  /** The whole URL, for a route whose path parameter is not an `:id`. */
  url?: string;
};

let names = 0;
const fresh = (prefix: string) => `${prefix}${Date.now() % 100_000}x${++names}`;

export const ROUTE_CASES: Record<string, RouteCase> = {
  'auth.register': () => ({ body: { username: fresh('new'), password: 'Str0ng!Pass1' } }),
  'auth.checkUsername': () => ({ body: { username: fresh('free') } }),
  'auth.login': (user) => ({ body: { username: user.username, password: user.password } }),
  'auth.refresh': (user) => ({ body: { refresh: user.refresh } }),
  'auth.me': () => ({}),
  'notes.list': () => ({}),
  'notes.create': () => ({ body: { title: 'created', content: 'by the case' } }),
  'notes.get': (_, own) => ({ id: own.notes[0] }),
  'notes.update': (_, own) => ({
    id: own.notes[1],
    body: { title: 'changed', content: 'changed' },
  }),
  'notes.remove': (_, own) => ({ id: own.notes[2] }),
  'notes.summarize': (_, own) => ({ id: own.notes[1] }),
  'summarize.summarize': () => ({ body: { content: 'Some text to summarize.' } }),
  'todos.list': () => ({}),
  'todos.create': () => ({ body: { task: 'created', completed: true } }),
  'todos.get': (_, own) => ({ id: own.todos[0] }),
  'todos.update': (_, own) => ({
    id: own.todos[1],
    body: {
      task: 'replaced',
      priority: 'H',
      due_date: '2027-01-01',
      due_time: '09:00',
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1',
      completed: true,
    },
  }),
  'todos.patch': (_, own) => ({ id: own.todos[0], body: { completed: true } }),
  'todos.remove': (_, own) => ({ id: own.todos[2] }),
  'todos.completions': (_, own) => ({ id: own.todos[1] }),
  'events.list': () => ({}),
  'events.create': () => ({
    body: {
      title: 'created',
      date: '2026-05-05',
      end_date: '2026-05-07',
      description: '**Markdown**',
      location: 'Here',
    },
  }),
  'events.get': (_, own) => ({ id: own.events[0] }),
  'events.patch': (_, own) => ({
    id: own.events[1],
    body: { title: 'changed', time: null, end_time: null },
  }),
  'events.remove': (_, own) => ({ id: own.events[2] }),
  'events.patchOccurrence': (_, own) => ({
    id: own.events[1],
    body: { date: '2026-03-06', time: '08:00', end_time: '09:00', title: 'moved' },
  }),
  'events.removeOccurrence': (_, own) => ({ id: own.events[1] }),
  'settings.get': () => ({}),
  'settings.put': (user) => ({
    body: { username: `${user.username}-put`, current_password: user.password },
  }),
  'settings.patch': (user) => ({
    body: { username: `${user.username}-patch`, current_password: user.password },
  }),
  'settings.deleteAccount': (user) => ({ body: { password: user.password } }),
  'preferences.get': () => ({}),
  'preferences.patch': () => ({ body: { time_zone: 'Europe/Berlin', daily_agenda_at: '07:30' } }),
  'sessions.list': () => ({}),
  'sessions.end': (_, own) => ({ id: own.sessions[0] }),
  'sessions.endOthers': () => ({ body: {} }),
  // Run in this order (inRunOrder): the seeded pending secret is confirmed, then each code is of
  // a later step than the one before, as the replay rule wants (ADR 0430); a new setup comes last.
  'twoFactor.status': () => ({}),
  'twoFactor.totpConfirm': (_, own) => ({
    body: { code: totpCode(own.totpSecret, Date.now(), -1) },
  }),
  'twoFactor.recoveryCodes': (user, own) => ({
    body: { password: user.password, code: totpCode(own.totpSecret) },
  }),
  'twoFactor.totpDisable': (user, own) => ({
    body: { password: user.password, code: totpCode(own.totpSecret, Date.now(), 1) },
  }),
  'twoFactor.totpSetup': () => ({ body: {} }),
  'passkeys.registerOptions': () => ({ body: {} }),
  'passkeys.registerVerify': (_, own) => ({ body: own.passkeyRegistration }),
  'passkeys.loginOptions': () => ({ body: {} }),
  // Each answer signs a challenge of its own, used once: every call takes the next.
  'passkeys.loginVerify': (_, own) => ({ body: own.passkeyLogins.shift() ?? { response: {} } }),
  'passkeys.list': () => ({}),
  // The second passkey signs the sign-ins; the first one goes.
  'passkeys.remove': (_, own) => ({ id: own.passkeys[0] }),
  'trash.list': () => ({}),
  // The restores run after the deletions (inRunOrder), so these are in the trash by then.
  'trash.restoreNote': (_, own) => ({ id: own.notes[2] }),
  'trash.restoreTodo': (_, own) => ({ id: own.todos[2] }),
  'trash.restoreEvent': (_, own) => ({ id: own.events[2] }),
  'trash.removeNote': (_, own) => ({ id: own.trashed.notes[0] }),
  'trash.removeTodo': (_, own) => ({ id: own.trashed.todos[0] }),
  'trash.removeEvent': (_, own) => ({ id: own.trashed.events[0] }),
  'trash.empty': () => ({}),
  'transfer.exportJson': () => ({}),
  'transfer.exportNotes': () => ({}),
  'transfer.import': () => ({
    body: {
      format: 'prodify-export',
      version: 1,
      exported_at: '2026-11-26T10:00:00Z',
      username: 'someone',
      notes: [
        { id: 7, title: 'imported', content: 'by the case', created_at: '2026-01-01T00:00:00Z' },
      ],
      todos: [{ id: 7, task: 'imported', created_at: '2026-01-01T00:00:00Z' }],
      events: [
        { id: 7, title: 'imported', date: '2026-05-05', created_at: '2026-01-01T00:00:00Z' },
      ],
    },
  }),
  'transfer.calendarExport': () => ({}),
  'transfer.calendarImport': () => ({
    raw: [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//case//case//EN',
      'BEGIN:VEVENT',
      'UID:case@test',
      'DTSTAMP:20260101T000000Z',
      'SUMMARY:imported',
      'DTSTART:20260505T080000',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
    headers: { 'content-type': 'text/calendar' },
  }),
  'transfer.feedStatus': () => ({}),
  'transfer.feedCreate': () => ({}),
  'transfer.feedDelete': () => ({}),
  'transfer.feed': (_, own) => ({ url: own.feed ?? '/api/calendar/feed/none.ics' }),
  'appPasswords.list': () => ({}),
  'appPasswords.create': () => ({ body: { name: 'created by the case' } }),
  'appPasswords.revoke': (_, own) => ({ id: own.appPasswords[0] }),
};

/** The request of a route's case, for `user` acting on the objects in `objects`. */
export function caseRequest(
  route: ContractRoute,
  user: TestUser,
  objects: Seeded,
  headers: Record<string, string> = user.auth,
): Req {
  const make = ROUTE_CASES[route.name];
  if (!make) throw new Error(`no case for ${route.name}`);
  const { id, url, ...rest } = make(user, objects);
  return {
    method: route.method,
    url: url ?? urlOf(route, id ?? 1),
    ...rest,
    // The case's own headers (a content type) stay; the caller's credentials are added.
    headers: { ...rest.headers, ...headers },
  };
}

/**
 * Two-factor cases after sign-in's (which needs no code) and after the end of the other
 * sessions (turning two-factor on ends them too), in the order they need (see above).
 */
const TWO_FACTOR_RANK: Record<string, number> = {
  'twoFactor.totpConfirm': 3.1,
  'twoFactor.recoveryCodes': 3.2,
  'twoFactor.totpDisable': 3.3,
  'twoFactor.totpSetup': 3.4,
};

/**
 * Routes in an order where each case still finds what it needs: two-factor on and off again,
 * deletions, then the restores of what they deleted, then emptying the trash, and the account
 * last.
 */
export function inRunOrder(routes: ContractRoute[] = CONTRACT_ROUTES): ContractRoute[] {
  const rank = (r: ContractRoute) =>
    TWO_FACTOR_RANK[r.name] ??
    (r.name === 'settings.deleteAccount'
      ? 6
      : r.name === 'trash.empty'
        ? 5
        : r.name.startsWith('trash.restore')
          ? 4
          : r.name === 'sessions.endOthers'
            ? 3
            : // Rotating the feed ends the seeded URL, which the feed's own case reads.
              r.method === 'DELETE' || r.name === 'transfer.feedCreate'
              ? 2
              : r.name.startsWith('settings.p')
                ? 1
                : 0);
  return [...routes].sort((a, b) => rank(a) - rank(b));
}
