import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * WebDAV request bodies (ADR 0441): fast-xml-parser with entity processing off and a nesting
 * limit, after a check that refuses any DOCTYPE (no entity can be declared, so none can expand:
 * no XML bomb) and more than XML_LIMITS.elements elements. The body size is the route's limit.
 * Names are resolved to their namespaces, so `D:prop` and `prop xmlns="DAV:"` are the same.
 */
export const XML_LIMITS = {
  bytes: 256 * 1024,
  depth: 32,
  elements: 5_000,
} as const;

export const NS = {
  dav: 'DAV:',
  caldav: 'urn:ietf:params:xml:ns:caldav',
  cs: 'http://calendarserver.org/ns/',
  apple: 'http://apple.com/ns/ical/',
} as const;

export interface XmlNode {
  ns: string;
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

export class XmlError extends Error {}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  maxNestedTags: XML_LIMITS.depth,
});

type Raw = Record<string, unknown>;

const XML_ESCAPES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&apos;': "'",
};

/** The five predefined entities and character references (the only ones XML has undeclared). */
function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g, (m) => {
    if (m[1] !== '#') return XML_ESCAPES[m] ?? m;
    const code = m[2] === 'x' ? Number.parseInt(m.slice(3, -1), 16) : Number(m.slice(2, -1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** A body as its root element; XmlError with a reason for anything malformed or too big. */
export function parseXml(text: string): XmlNode {
  if (text.length > XML_LIMITS.bytes) throw new XmlError(`longer than ${XML_LIMITS.bytes} bytes`);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new XmlError('DOCTYPE and entities are not accepted');
  const tags = text.match(/<[^!?/]/g)?.length ?? 0;
  if (tags > XML_LIMITS.elements) {
    throw new XmlError(`more than ${XML_LIMITS.elements} elements`);
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new XmlError(`not well-formed XML (line ${valid.err.line})`);
  let raw: Raw[];
  try {
    raw = parser.parse(text) as Raw[];
  } catch (error) {
    throw new XmlError(`not accepted: ${(error as Error).message.slice(0, 100)}`);
  }
  const root = raw.map((item) => toNode(item, {})).find((n) => n !== undefined);
  if (!root) throw new XmlError('no root element');
  return root;
}

function toNode(item: Raw, scope: Record<string, string>): XmlNode | undefined {
  const tag = Object.keys(item).find((k) => k !== ':@' && k !== '#text');
  if (!tag) return undefined;
  const attrs = (item[':@'] ?? {}) as Record<string, string>;
  const own = { ...scope };
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'xmlns') own[''] = value;
    else if (key.startsWith('xmlns:')) own[key.slice(6)] = value;
  }
  const colon = tag.indexOf(':');
  const prefix = colon > 0 ? tag.slice(0, colon) : '';
  const name = colon > 0 ? tag.slice(colon + 1) : tag;
  const children: XmlNode[] = [];
  let text = '';
  for (const child of (item[tag] ?? []) as Raw[]) {
    if ('#text' in child) text += unescapeXml(String(child['#text']));
    else {
      const node = toNode(child, own);
      if (node) children.push(node);
    }
  }
  return { ns: own[prefix] ?? '', name, attrs, children, text };
}

export const child = (node: XmlNode | undefined, ns: string, name: string) =>
  node?.children.find((c) => c.ns === ns && c.name === name);

export const childrenNamed = (node: XmlNode | undefined, ns: string, name: string) =>
  node?.children.filter((c) => c.ns === ns && c.name === name) ?? [];

// ---- Writing ---------------------------------------------------------------------------------

export function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) =>
    c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : '&quot;',
  );
}

const PREFIX: Record<string, string> = {
  [NS.dav]: 'd',
  [NS.caldav]: 'c',
  [NS.cs]: 'cs',
  [NS.apple]: 'a',
};

/** `<d:name>inner</d:name>`; an element of another namespace declares it. */
export function element(ns: string, name: string, inner = ''): string {
  const prefix = PREFIX[ns];
  const safe = /^[A-Za-z_][\w.-]*$/.test(name) ? name : 'invalid';
  if (prefix) {
    return inner === ''
      ? `<${prefix}:${safe}/>`
      : `<${prefix}:${safe}>${inner}</${prefix}:${safe}>`;
  }
  const decl = ` xmlns:x="${escapeXml(ns)}"`;
  return inner === '' ? `<x:${safe}${decl}/>` : `<x:${safe}${decl}>${inner}</x:${safe}>`;
}

export const dav = (name: string, inner = '') => element(NS.dav, name, inner);

export const XML_HEAD = '<?xml version="1.0" encoding="utf-8"?>\n';

export function multistatus(responses: string[], extra = ''): string {
  const ns = Object.entries(PREFIX)
    .map(([uri, prefix]) => ` xmlns:${prefix}="${uri}"`)
    .join('');
  return `${XML_HEAD}<d:multistatus${ns}>${responses.join('')}${extra}</d:multistatus>\n`;
}

export const STATUS = {
  200: 'HTTP/1.1 200 OK',
  404: 'HTTP/1.1 404 Not Found',
  403: 'HTTP/1.1 403 Forbidden',
} as const;

/** A `<d:response>` with a propstat per status (properties found, then those not found). */
export function propResponse(href: string, found: string[], missing: string[] = []): string {
  const stats: string[] = [];
  if (found.length > 0) {
    stats.push(dav('propstat', dav('prop', found.join('')) + dav('status', STATUS[200])));
  }
  if (missing.length > 0) {
    stats.push(dav('propstat', dav('prop', missing.join('')) + dav('status', STATUS[404])));
  }
  return dav('response', dav('href', escapeXml(href)) + stats.join(''));
}

export function statusResponse(href: string, status: keyof typeof STATUS): string {
  return dav('response', dav('href', escapeXml(href)) + dav('status', STATUS[status]));
}

/** An error body: `<d:error><c:supported-calendar-component/><message/></d:error>`. */
export function errorBody(ns: string, condition: string, message?: string): string {
  const text = message
    ? `<d:responsedescription>${escapeXml(message)}</d:responsedescription>`
    : '';
  return `${XML_HEAD}<d:error xmlns:d="DAV:" xmlns:c="${NS.caldav}">${element(ns, condition)}${text}</d:error>\n`;
}
