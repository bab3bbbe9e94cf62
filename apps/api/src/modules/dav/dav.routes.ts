import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../env';
import { readLargeBody } from '../../plugins/raw-body';
import { collectionSeq, findObject, listObjects } from './dav.queries';
import { type DavUser, davAuthenticator } from './dav-auth';
import { ALLOW, BadBody, bodyText, notFound, optionsReply, refuse, xmlReply } from './dav-http';
import { RenderCache } from './dav-mapping';
import { davObjects } from './dav-objects';
import {
  COLLECTIONS,
  type CollectionName,
  DAV_LIMITS,
  type DavTarget,
  href,
  objectName,
  parseDavPath,
} from './dav-paths';
import {
  collectionProps,
  homeProps,
  objectProps,
  type PropValues,
  principalResourceProps,
  requested,
  rootProps,
  selectProps,
} from './dav-props';
import { runReport } from './dav-reports';
import {
  child,
  dav,
  element,
  escapeXml,
  multistatus,
  NS,
  parseXml,
  propResponse,
  XmlError,
  type XmlNode,
} from './dav-xml';

/**
 * The CalDAV server under /dav/ (RFC 4791 with RFC 6578 sync; ADR 0441), for the signed-in
 * user's events and to-dos, signed in with app passwords (ADR 0440). Its own body types
 * (iCalendar and XML) are registered in its own context only: the JSON API still refuses them.
 */

const METHODS = [
  'GET',
  'HEAD',
  'PUT',
  'DELETE',
  'PROPFIND',
  'REPORT',
  'PROPPATCH',
  'MKCOL',
  'MKCALENDAR',
  'COPY',
  'MOVE',
  'POST',
  'PATCH',
];
const BODY_TYPES = ['text/calendar', 'application/xml', 'text/xml'];

export async function davRoutes(app: FastifyInstance, config: Config) {
  const authenticate = davAuthenticator(app, config);
  const renders = new RenderCache();
  const { getObject, putObject, deleteObject } = davObjects(app, renders);
  for (const method of ['PROPFIND', 'REPORT', 'PROPPATCH', 'MKCOL', 'MKCALENDAR', 'COPY', 'MOVE']) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(BODY_TYPES, (request, payload, done) =>
      readLargeBody(request, payload, done),
    );

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method === 'OPTIONS') return optionsReply(reply);
      const user = await authenticate(request, reply);
      if (!user) return reply;
      const target = parseDavPath(request.url);
      if (!target || (target.type !== 'root' && target.user !== user.username))
        return notFound(reply);
      try {
        switch (request.method) {
          case 'PROPFIND':
            return await propfind(request, reply, user, target);
          case 'REPORT':
            return await report(request, reply, user, target);
          case 'GET':
          case 'HEAD':
            return await getObject(reply, user, target);
          case 'PUT':
            return await putObject(request, reply, user, target);
          case 'DELETE':
            return await deleteObject(request, reply, user, target);
          case 'PROPPATCH':
            return proppatch(request, reply);
          default:
            return reply
              .code(405)
              .header('allow', ALLOW)
              .type('text/plain; charset=utf-8')
              .send('Method not allowed.');
        }
      } catch (error) {
        if (error instanceof BadBody || error instanceof XmlError) {
          return refuse(
            reply,
            400,
            NS.dav,
            'valid-xml',
            `The body cannot be read: ${error.message}`,
          );
        }
        throw error;
      }
    };
    // A client's discovery PROPFIND has an XML body: it is read (and ignored) here too.
    scope.route({
      method: ['GET', 'HEAD', 'PROPFIND'],
      url: '/.well-known/caldav',
      bodyLimit: DAV_LIMITS.bodyBytes,
      handler: (_request, reply) => reply.redirect('/dav/', 301),
    });
    for (const url of ['/dav', '/dav/*']) {
      scope.route({
        method: [...METHODS, 'OPTIONS'],
        url,
        bodyLimit: DAV_LIMITS.bodyBytes,
        handler,
      });
    }
  });

  function xmlBody(request: FastifyRequest): XmlNode | undefined {
    const text = bodyText(request);
    return text.trim() === '' ? undefined : parseXml(text);
  }

  async function propfind(
    request: FastifyRequest,
    reply: FastifyReply,
    user: DavUser,
    target: DavTarget,
  ) {
    const depth = String(request.headers.depth ?? 'infinity')
      .trim()
      .toLowerCase();
    if (depth !== '0' && depth !== '1') {
      return refuse(reply, 403, NS.dav, 'propfind-finite-depth', 'Depth must be 0 or 1.');
    }
    const body = xmlBody(request);
    if (body && !(body.ns === NS.dav && body.name === 'propfind')) {
      throw new XmlError('the body is not a DAV:propfind');
    }
    const wanted = child(body, NS.dav, 'prop') ? requested(child(body, NS.dav, 'prop')) : undefined;
    const resources: Array<[string, PropValues]> = [];
    const name = user.username;
    if (target.type === 'root') resources.push([href.root(), rootProps(name)]);
    else if (target.type === 'principal')
      resources.push([href.principal(name), principalResourceProps(name)]);
    else if (target.type === 'home') {
      resources.push([href.home(name), homeProps(name)]);
      if (depth === '1') {
        for (const c of Object.keys(COLLECTIONS) as CollectionName[]) {
          const seq = await collectionSeq(app.db, user.id, COLLECTIONS[c].kind);
          resources.push([href.collection(name, c), collectionProps(name, c, seq)]);
        }
      }
    } else if (target.type === 'collection') {
      const kind = COLLECTIONS[target.collection].kind;
      const seq = await collectionSeq(app.db, user.id, kind);
      resources.push([
        href.collection(name, target.collection),
        collectionProps(name, target.collection, seq),
      ]);
      if (depth === '1') {
        for (const row of await listObjects(app.db, user.id, kind)) {
          resources.push([
            href.object(name, target.collection, objectName(row)),
            objectProps(target.collection, row.dav_seq),
          ]);
        }
      }
    } else {
      const row = await findObject(
        app.db,
        user.id,
        COLLECTIONS[target.collection].kind,
        target.name,
      );
      if (!row) return notFound(reply);
      resources.push([
        href.object(name, target.collection, objectName(row)),
        objectProps(target.collection, row.dav_seq),
      ]);
    }
    const responses = resources.map(([link, values]) => {
      const { found, missing } = selectProps(values, wanted);
      return propResponse(link, found, missing);
    });
    return xmlReply(reply, 207, multistatus(responses));
  }

  /**
   * Properties are not writable (a calendar's name and colour are Prodify's): every one a client
   * tries to set or remove is refused with 403 in a multistatus, as RFC 4918 §9.2 says.
   */
  function proppatch(request: FastifyRequest, reply: FastifyReply) {
    const body = xmlBody(request);
    if (!body || !(body.ns === NS.dav && body.name === 'propertyupdate')) {
      throw new XmlError('the body is not a DAV:propertyupdate');
    }
    const names = body.children
      .filter((c) => c.ns === NS.dav && (c.name === 'set' || c.name === 'remove'))
      .flatMap((c) => child(c, NS.dav, 'prop')?.children ?? [])
      .map((p) => element(p.ns, p.name));
    const response = dav(
      'response',
      dav('href', escapeXml(request.url.split('?')[0] ?? '')) +
        dav('propstat', dav('prop', names.join('')) + dav('status', 'HTTP/1.1 403 Forbidden')),
    );
    return xmlReply(reply, 207, multistatus([response]));
  }

  async function report(
    request: FastifyRequest,
    reply: FastifyReply,
    user: DavUser,
    target: DavTarget,
  ) {
    if (target.type !== 'collection') {
      return refuse(
        reply,
        403,
        NS.dav,
        'supported-report',
        'Reports are answered on a calendar collection.',
      );
    }
    const body = xmlBody(request);
    if (!body) throw new XmlError('a REPORT needs a body');
    const answer = await runReport(
      { app, userId: user.id, username: user.username, collection: target.collection, renders },
      body,
    );
    if (answer.status === 207) return xmlReply(reply, 207, answer.body);
    return refuse(reply, answer.status, answer.ns, answer.condition, answer.message);
  }
}
