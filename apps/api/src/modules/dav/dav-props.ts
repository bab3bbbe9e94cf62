import {
  COLLECTIONS,
  type CollectionName,
  type DavTarget,
  etagOf,
  href,
  syncToken,
} from './dav-paths';
import { dav, element, escapeXml, NS, type XmlNode } from './dav-xml';

/**
 * The WebDAV and CalDAV properties of each resource (RFC 4918, 4791, 6578, and the two that
 * clients expect from Apple's and CalendarServer's namespaces: getctag and calendar-color).
 */

export type PropValues = Map<string, string>;

export const propKey = (ns: string, name: string) => `${ns} ${name}`;

const hrefEl = (link: string) => dav('href', escapeXml(link));

function principalProps(username: string): PropValues {
  const principal = href.principal(username);
  return new Map([
    [propKey(NS.dav, 'current-user-principal'), hrefEl(principal)],
    [propKey(NS.dav, 'principal-URL'), hrefEl(principal)],
    [propKey(NS.dav, 'owner'), hrefEl(principal)],
    [propKey(NS.dav, 'principal-collection-set'), hrefEl('/dav/principals/')],
    [propKey(NS.caldav, 'calendar-home-set'), hrefEl(href.home(username))],
    [propKey(NS.dav, 'displayname'), escapeXml(username)],
  ]);
}

export function rootProps(username: string): PropValues {
  const props = principalProps(username);
  props.set(propKey(NS.dav, 'resourcetype'), dav('collection'));
  return props;
}

export function principalResourceProps(username: string): PropValues {
  const props = principalProps(username);
  props.set(propKey(NS.dav, 'resourcetype'), dav('collection') + dav('principal'));
  props.set(propKey(NS.caldav, 'calendar-user-address-set'), hrefEl(href.principal(username)));
  return props;
}

export function homeProps(username: string): PropValues {
  const props = principalProps(username);
  props.set(propKey(NS.dav, 'resourcetype'), dav('collection'));
  return props;
}

const REPORTS = [
  element(NS.caldav, 'calendar-multiget'),
  element(NS.caldav, 'calendar-query'),
  dav('sync-collection'),
];

const PRIVILEGES = [
  'read',
  'write',
  'write-content',
  'write-properties',
  'bind',
  'unbind',
  'read-current-user-privilege-set',
];

export function collectionProps(username: string, name: CollectionName, seq: number): PropValues {
  const c = COLLECTIONS[name];
  const props = principalProps(username);
  props.delete(propKey(NS.dav, 'principal-URL'));
  props.delete(propKey(NS.caldav, 'calendar-home-set'));
  props.set(propKey(NS.dav, 'resourcetype'), dav('collection') + element(NS.caldav, 'calendar'));
  props.set(propKey(NS.dav, 'displayname'), escapeXml(c.name));
  props.set(propKey(NS.cs, 'getctag'), escapeXml(syncToken(seq)));
  props.set(propKey(NS.dav, 'sync-token'), escapeXml(syncToken(seq)));
  props.set(
    propKey(NS.dav, 'supported-report-set'),
    REPORTS.map((r) => dav('supported-report', dav('report', r))).join(''),
  );
  props.set(
    propKey(NS.dav, 'current-user-privilege-set'),
    PRIVILEGES.map((p) => dav('privilege', dav(p))).join(''),
  );
  props.set(propKey(NS.apple, 'calendar-color'), c.color);
  props.set(
    propKey(NS.caldav, 'supported-calendar-component-set'),
    `<c:comp name="${c.component}"/>`,
  );
  props.set(
    propKey(NS.caldav, 'supported-calendar-data'),
    '<c:calendar-data content-type="text/calendar" version="2.0"/>',
  );
  props.set(propKey(NS.dav, 'getcontenttype'), 'text/calendar; charset=utf-8');
  return props;
}

export function objectProps(name: CollectionName, seq: number, calendarData?: string): PropValues {
  const props: PropValues = new Map([
    [propKey(NS.dav, 'resourcetype'), ''],
    [propKey(NS.dav, 'getetag'), escapeXml(etagOf(seq))],
    [
      propKey(NS.dav, 'getcontenttype'),
      `text/calendar; charset=utf-8; component=${COLLECTIONS[name].component.toLowerCase()}`,
    ],
  ]);
  if (calendarData !== undefined)
    props.set(propKey(NS.caldav, 'calendar-data'), escapeXml(calendarData));
  return props;
}

/** The properties a `<d:prop>` asks for; undefined for allprop (or no body). */
export function requested(
  prop: XmlNode | undefined,
): Array<{ ns: string; name: string }> | undefined {
  return prop?.children.map((c) => ({ ns: c.ns, name: c.name }));
}

/** The found and missing property elements of one resource for a request. */
export function selectProps(
  values: PropValues,
  wanted: Array<{ ns: string; name: string }> | undefined,
): { found: string[]; missing: string[] } {
  const found: string[] = [];
  const missing: string[] = [];
  if (!wanted) {
    for (const [key, inner] of values) {
      const [ns, name] = key.split(' ') as [string, string];
      if (name !== 'calendar-data') found.push(element(ns, name, inner));
    }
    return { found, missing };
  }
  for (const { ns, name } of wanted) {
    const inner = values.get(propKey(ns, name));
    if (inner === undefined) missing.push(element(ns, name));
    else found.push(element(ns, name, inner));
  }
  return { found, missing };
}

export type { DavTarget };
