/**
 * The CalDAV layout (ADR 0441): `/dav/` → the principal `/dav/principals/{user}/` → the home
 * `/dav/calendars/{user}/` with two collections, `events/` (VEVENT) and `tasks/` (VTODO), whose
 * objects are `{uid}.ics` (or the name a client gave one).
 */
export type DavKind = 'event' | 'todo';

export const COLLECTIONS = {
  events: { kind: 'event', component: 'VEVENT', name: 'Prodify events', color: '#3B82F6FF' },
  tasks: { kind: 'todo', component: 'VTODO', name: 'Prodify to-dos', color: '#10B981FF' },
} as const;
export type CollectionName = keyof typeof COLLECTIONS;

export const TABLE = { event: 'events', todo: 'todos' } as const;

/** Bounds of one calendar object (a PUT): tighter than an import file's (ADR 0420). */
export const DAV_LIMITS = {
  /** Bytes of a PUT or REPORT body. */
  bodyBytes: 1024 * 1024,
  icsLines: 20_000,
  icsLineChars: 64 * 1024,
  icsDepth: 4,
  /** A series with its changed occurrences and alarms, not a calendar's worth of events. */
  icsComponents: 1_000,
  icsProperties: 500,
  /** Hrefs in one calendar-multiget. */
  multigetHrefs: 1_000,
} as const;

export type DavTarget =
  | { type: 'root' }
  | { type: 'principal'; user: string }
  | { type: 'home'; user: string }
  | { type: 'collection'; user: string; collection: CollectionName }
  | { type: 'object'; user: string; collection: CollectionName; name: string };

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** What a path under /dav/ names; undefined for anything else (answered 404). */
export function parseDavPath(url: string): DavTarget | undefined {
  const path = url.split('?')[0] ?? '';
  const parts = path.split('/').filter(Boolean).map(decode);
  if (parts[0] !== 'dav' || parts.some((p) => p === undefined || p === '')) return undefined;
  const [, area, user, collection, name, ...rest] = parts as string[];
  if (rest.length > 0) return undefined;
  if (area === undefined) return { type: 'root' };
  if (user === undefined) return undefined;
  if (area === 'principals')
    return collection === undefined ? { type: 'principal', user } : undefined;
  if (area !== 'calendars') return undefined;
  if (collection === undefined) return { type: 'home', user };
  if (!Object.hasOwn(COLLECTIONS, collection)) return undefined;
  const c = collection as CollectionName;
  if (name === undefined) return { type: 'collection', user, collection: c };
  return { type: 'object', user, collection: c, name };
}

const enc = encodeURIComponent;

export const href = {
  root: () => '/dav/',
  principal: (user: string) => `/dav/principals/${enc(user)}/`,
  home: (user: string) => `/dav/calendars/${enc(user)}/`,
  collection: (user: string, c: CollectionName) => `/dav/calendars/${enc(user)}/${c}/`,
  object: (user: string, c: CollectionName, name: string) =>
    `/dav/calendars/${enc(user)}/${c}/${enc(name)}`,
};

/** The name of an item's object: the client's own, else `{uid}.ics`. */
export const objectName = (row: { uid: string; dav_name: string | null }) =>
  row.dav_name ?? `${row.uid}.ics`;

/** The last path segment of an href a client sent (multiget), when it is in `collection`. */
export function nameInCollection(
  link: string,
  user: string,
  collection: CollectionName,
): string | undefined {
  let path = link.trim();
  try {
    if (/^https?:/i.test(path)) path = new URL(path).pathname;
  } catch {
    return undefined;
  }
  const target = parseDavPath(path);
  if (target?.type !== 'object' || target.collection !== collection || target.user !== user) {
    return undefined;
  }
  return target.name;
}

/** `"42"`: the item's change number, new on every change (ADR 0441). */
export const etagOf = (seq: number) => `"${seq}"`;

/** A collection's sync token (and CTag) from its last change number. */
export const SYNC_TOKEN_PREFIX = 'http://prodify.app/ns/sync/';
export const syncToken = (seq: number) => `${SYNC_TOKEN_PREFIX}${seq}`;

/** The change number of a sync token this server made; undefined for any other. */
export function parseSyncToken(token: string): number | undefined {
  if (!token.startsWith(SYNC_TOKEN_PREFIX)) return undefined;
  const digits = token.slice(SYNC_TOKEN_PREFIX.length);
  if (!/^\d{1,15}$/.test(digits)) return undefined;
  return Number(digits);
}
