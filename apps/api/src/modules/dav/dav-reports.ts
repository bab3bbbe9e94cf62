import type { FastifyInstance } from 'fastify';
import { occurrencesText } from '../events/events.range';
import { ianaZoneOf, type Zone } from '../transfer/time-zones';
import {
  allObjects,
  changesSince,
  collectionSeq,
  type DavObject,
  objectsByName,
  userTimeZone,
} from './dav.queries';
import type { RenderCache } from './dav-mapping';
import {
  COLLECTIONS,
  type CollectionName,
  DAV_LIMITS,
  href,
  nameInCollection,
  objectName,
  parseSyncToken,
  syncToken,
} from './dav-paths';
import { objectProps, requested, selectProps } from './dav-props';
import {
  child,
  childrenNamed,
  dav,
  escapeXml,
  multistatus,
  NS,
  propResponse,
  statusResponse,
  type XmlNode,
} from './dav-xml';

/** A REPORT's answer: a multistatus, or a refusal with its precondition. */
export type ReportAnswer =
  | { status: 207; body: string }
  | { status: 400 | 403; condition: string; ns: string; message: string };

interface Ctx {
  app: FastifyInstance;
  userId: number;
  username: string;
  collection: CollectionName;
  renders: RenderCache;
}

function responsesFor(ctx: Ctx, rows: DavObject[], prop: XmlNode | undefined): string[] {
  const wanted = requested(prop);
  const kind = COLLECTIONS[ctx.collection].kind;
  const wantsData = !wanted || wanted.some((w) => w.ns === NS.caldav && w.name === 'calendar-data');
  return rows.map((row) => {
    const data = wantsData ? ctx.renders.render(kind, row) : undefined;
    const { found, missing } = selectProps(objectProps(ctx.collection, row.dav_seq, data), wanted);
    return propResponse(href.object(ctx.username, ctx.collection, objectName(row)), found, missing);
  });
}

async function multiget(ctx: Ctx, body: XmlNode): Promise<ReportAnswer> {
  const hrefs = childrenNamed(body, NS.dav, 'href').map((h) => h.text);
  if (hrefs.length > DAV_LIMITS.multigetHrefs) {
    return {
      status: 400,
      ns: NS.dav,
      condition: 'number-of-matches-within-limits',
      message: `A calendar-multiget may name ${DAV_LIMITS.multigetHrefs} objects at most.`,
    };
  }
  const names = new Map<string, string>();
  for (const link of hrefs) {
    const name = nameInCollection(link, ctx.username, ctx.collection);
    if (name !== undefined) names.set(name, link);
  }
  const kind = COLLECTIONS[ctx.collection].kind;
  const rows = await objectsByName(ctx.app.db, ctx.userId, kind, [...names.keys()]);
  const served = new Set(rows.map(objectName));
  const missing = hrefs.filter((link) => {
    const name = nameInCollection(link, ctx.username, ctx.collection);
    return name === undefined || !served.has(name);
  });
  return {
    status: 207,
    body: multistatus([
      ...responsesFor(ctx, rows, child(body, NS.dav, 'prop')),
      ...missing.map((link) => statusResponse(link, 404)),
    ]),
  };
}

/** `20261127T090000Z` as an instant. */
function utcInstant(value: string | undefined): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return Date.UTC(y as number, (mo as number) - 1, d, h, mi, s);
}

function localDay(ms: number, zone: Zone | undefined): string {
  const d = new Date(zone ? ms + zone.offsetAt(ms) : ms);
  if (zone) return d.toISOString().slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The widest window whose occurrences are worked out; a wider one matches every event. */
const QUERY_WINDOW_DAYS = 366;

async function calendarQuery(ctx: Ctx, body: XmlNode): Promise<ReportAnswer> {
  const component = COLLECTIONS[ctx.collection].component;
  const calendar = child(child(body, NS.caldav, 'filter'), NS.caldav, 'comp-filter');
  const inner = child(calendar, NS.caldav, 'comp-filter');
  const prop = child(body, NS.dav, 'prop');
  if (inner && inner.attrs.name?.toUpperCase() !== component) {
    return { status: 207, body: multistatus([]) };
  }
  const range = child(inner, NS.caldav, 'time-range');
  const kind = COLLECTIONS[ctx.collection].kind;
  const start = utcInstant(range?.attrs.start);
  const end = utcInstant(range?.attrs.end);
  if (
    range &&
    ((range.attrs.start && start === undefined) || (range.attrs.end && end === undefined))
  ) {
    return {
      status: 400,
      ns: NS.caldav,
      condition: 'valid-filter',
      message: 'A time-range takes UTC date-times such as 20261127T000000Z.',
    };
  }
  if (start === undefined && end === undefined) {
    return {
      status: 207,
      body: multistatus(responsesFor(ctx, await allObjects(ctx.app.db, ctx.userId, kind), prop)),
    };
  }
  const zoneName = await userTimeZone(ctx.app.db, ctx.userId);
  const zone = zoneName ? ianaZoneOf(zoneName) : undefined;
  const from = localDay(start ?? Date.UTC(1, 0, 1), zone);
  const to = localDay((end ?? Date.UTC(9999, 11, 31)) - 1, zone);
  let rows: DavObject[];
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (kind === 'todo') {
    const all = await allObjects(ctx.app.db, ctx.userId, kind);
    // A to-do without a due date matches any range (RFC 4791 §9.9).
    rows = all.filter((row) => {
      const due = (JSON.parse(row.json) as { due_date: string | null }).due_date;
      return due === null || (due >= from && due <= to);
    });
  } else if (days > QUERY_WINDOW_DAYS || days < 0) {
    rows = await allObjects(ctx.app.db, ctx.userId, kind);
  } else {
    // The same occurrences as the calendar's own range query: a series matches by them.
    const { body: text } = await occurrencesText(ctx.app, ctx.userId, { from, to });
    const ids = [...new Set((JSON.parse(text || '[]') as Array<{ id: number }>).map((o) => o.id))];
    rows = await allObjects(ctx.app.db, ctx.userId, kind, ids);
  }
  return { status: 207, body: multistatus(responsesFor(ctx, rows, prop)) };
}

async function syncCollection(ctx: Ctx, body: XmlNode): Promise<ReportAnswer> {
  const kind = COLLECTIONS[ctx.collection].kind;
  const given = child(body, NS.dav, 'sync-token')?.text.trim() ?? '';
  // Read first: a change made while this answer is written is reported again next time.
  const current = await collectionSeq(ctx.app.db, ctx.userId, kind);
  let since = 0;
  if (given !== '') {
    const seq = parseSyncToken(given);
    if (seq === undefined || seq > current) {
      return {
        status: 403,
        ns: NS.dav,
        condition: 'valid-sync-token',
        message: 'This sync token is unknown: sync again from the start.',
      };
    }
    since = seq;
  }
  const { changed, deleted } = await changesSince(ctx.app.db, ctx.userId, kind, since);
  const gone =
    since === 0
      ? []
      : deleted.map((d) =>
          statusResponse(href.object(ctx.username, ctx.collection, objectName(d)), 404),
        );
  return {
    status: 207,
    body: multistatus(
      [...responsesFor(ctx, changed, child(body, NS.dav, 'prop')), ...gone],
      dav('sync-token', escapeXml(syncToken(current))),
    ),
  };
}

/** calendar-multiget, calendar-query and sync-collection on one of the user's collections. */
export function runReport(ctx: Ctx, body: XmlNode): Promise<ReportAnswer> {
  if (body.ns === NS.caldav && body.name === 'calendar-multiget') return multiget(ctx, body);
  if (body.ns === NS.caldav && body.name === 'calendar-query') return calendarQuery(ctx, body);
  if (body.ns === NS.dav && body.name === 'sync-collection') return syncCollection(ctx, body);
  return Promise.resolve({
    status: 403,
    ns: NS.dav,
    condition: 'supported-report',
    message: 'Supported reports: calendar-multiget, calendar-query and sync-collection.',
  });
}
