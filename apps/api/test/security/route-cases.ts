import type { TestUser } from '../support/app';
import type { Req } from '../support/inject';
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
    body: { task: 'replaced', priority: 'H', due_date: '2027-01-01', completed: true },
  }),
  'todos.patch': (_, own) => ({ id: own.todos[0], body: { completed: true } }),
  'todos.remove': (_, own) => ({ id: own.todos[2] }),
  'events.list': () => ({}),
  'events.create': () => ({ body: { title: 'created', date: '2026-05-05', time: '08:00' } }),
  'events.get': (_, own) => ({ id: own.events[0] }),
  'events.remove': (_, own) => ({ id: own.events[2] }),
  'settings.get': () => ({}),
  'settings.put': (user) => ({
    body: { username: `${user.username}-put`, current_password: user.password },
  }),
  'settings.patch': (user) => ({
    body: { username: `${user.username}-patch`, current_password: user.password },
  }),
  'settings.deleteAccount': (user) => ({ body: { password: user.password } }),
  'sessions.list': () => ({}),
  'sessions.end': (_, own) => ({ id: own.sessions[0] }),
  'sessions.endOthers': () => ({ body: {} }),
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
  const { id, ...rest } = make(user, objects);
  return { method: route.method, url: urlOf(route, id ?? 1), ...rest, headers };
}

/** Routes in an order where each case still finds what it needs (deletions last). */
export function inRunOrder(routes: ContractRoute[] = CONTRACT_ROUTES): ContractRoute[] {
  const rank = (r: ContractRoute) =>
    r.name === 'settings.deleteAccount'
      ? 4
      : r.name === 'sessions.endOthers'
        ? 3
        : r.method === 'DELETE'
          ? 2
          : r.name.startsWith('settings.p')
            ? 1
            : 0;
  return [...routes].sort((a, b) => rank(a) - rank(b));
}
