import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deleteOwned } from '../../db/owned';
import type { Config } from '../../env';
import { readLargeBody } from '../../plugins/raw-body';
import { ianaZoneOf } from '../transfer/time-zones';
import {
  collectionSeq,
  findObject,
  listObjects,
  putEvent,
  putTodo,
  uidTaken,
  userTimeZone,
} from './dav.queries';
import { type DavUser, davAuthenticator } from './dav-auth';
import { readObject, renderObject } from './dav-mapping';
import {
  COLLECTIONS,
  type CollectionName,
  DAV_LIMITS,
  type DavTarget,
  etagOf,
  href,
  objectName,
  parseDavPath,
  TABLE,
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
  errorBody,
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

const ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, REPORT';
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

const utf8 = new TextDecoder('utf-8', { fatal: true });

class BadBody extends Error {}

function bodyText(request: FastifyRequest): string {
  const body = request.body;
  if (!Buffer.isBuffer(body)) return '';
  try {
    return utf8.decode(body);
  } catch {
    throw new BadBody('The body is not valid UTF-8.');
  }
}

function xmlReply(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('application/xml; charset=utf-8').send(body);
}

function refuse(
  reply: FastifyReply,
  status: number,
  ns: string,
  condition: string,
  message?: string,
) {
  return xmlReply(reply, status, errorBody(ns, condition, message));
}

const notFound = (reply: FastifyReply) =>
  reply.code(404).type('text/plain; charset=utf-8').send('Not found.');

function optionsReply(reply: FastifyReply) {
  return reply
    .code(200)
    .header('dav', '1, 3, calendar-access')
    .header('allow', ALLOW)
    .header('content-length', '0')
    .send();
}

/** Every entity tag in an If-Match / If-None-Match header, or '*'. */
function tagsOf(header: string | undefined): string[] | '*' | undefined {
  if (header === undefined) return undefined;
  if (header.trim() === '*') return '*';
  return header.split(',').map((t) => t.trim().replace(/^W\//, ''));
}

/** 412 when the object's state does not match the request's conditions (RFC 9110 §13). */
function preconditionFailed(request: FastifyRequest, seq: number | undefined): boolean {
  const match = tagsOf(request.headers['if-match'] as string | undefined);
  const noneMatch = tagsOf(request.headers['if-none-match'] as string | undefined);
  const tag = seq === undefined ? undefined : etagOf(seq);
  if (match !== undefined) {
    if (tag === undefined) return true;
    if (match !== '*' && !match.includes(tag)) return true;
  }
  if (noneMatch !== undefined && tag !== undefined) {
    if (noneMatch === '*' || noneMatch.includes(tag)) return true;
  }
  return false;
}

export async function davRoutes(app: FastifyInstance, config: Config) {
  const authenticate = davAuthenticator(app, config);
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
      { app, userId: user.id, username: user.username, collection: target.collection },
      body,
    );
    if (answer.status === 207) return xmlReply(reply, 207, answer.body);
    return refuse(reply, answer.status, answer.ns, answer.condition, answer.message);
  }

  async function getObject(reply: FastifyReply, user: DavUser, target: DavTarget) {
    if (target.type !== 'object') {
      return reply
        .code(405)
        .header('allow', 'OPTIONS, PROPFIND, REPORT')
        .type('text/plain; charset=utf-8')
        .send('Use PROPFIND or REPORT on a collection.');
    }
    const kind = COLLECTIONS[target.collection].kind;
    const row = await findObject(app.db, user.id, kind, target.name);
    if (!row) return notFound(reply);
    return reply
      .code(200)
      .header('etag', etagOf(row.dav_seq))
      .type('text/calendar; charset=utf-8')
      .send(renderObject(kind, row));
  }

  async function putObject(
    request: FastifyRequest,
    reply: FastifyReply,
    user: DavUser,
    target: DavTarget,
  ) {
    if (target.type !== 'object') return notFound(reply);
    const type = String(request.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    if (type !== 'text/calendar') {
      return refuse(
        reply,
        415,
        NS.caldav,
        'supported-calendar-data',
        'A calendar object is sent as text/calendar.',
      );
    }
    if (target.name.length > 255) {
      return refuse(
        reply,
        403,
        NS.caldav,
        'valid-calendar-object-resource',
        'The object name is too long.',
      );
    }
    const text = bodyText(request);
    const kind = COLLECTIONS[target.collection].kind;
    const zoneName = await userTimeZone(app.db, user.id);
    const read = readObject(kind, text, zoneName ? ianaZoneOf(zoneName) : undefined);
    if (!read.ok) {
      const { status, condition, message } = read.refusal;
      return refuse(reply, status, NS.caldav, condition, message);
    }
    type Outcome =
      | { status: 201 | 204; seq: number }
      | { status: 412 }
      | { status: 403; condition: string; message: string };
    const outcome = await app.db
      .transaction()
      .execute(async (trx): Promise<Outcome> => {
        const existing = await findObject(trx, user.id, kind, target.name);
        if (existing) {
          await trx
            .selectFrom(TABLE[kind])
            .select('id')
            .where('id', '=', existing.id)
            .forUpdate()
            .execute();
        }
        const current = existing && (await findObject(trx, user.id, kind, target.name));
        if (preconditionFailed(request, current?.dav_seq)) return { status: 412 };
        if (current && current.uid !== read.uid) {
          return { status: 403, condition: 'no-uid-conflict', message: 'An object keeps its UID.' };
        }
        if (!current && (await uidTaken(trx, user.id, kind, read.uid)) !== undefined) {
          return {
            status: 403,
            condition: 'no-uid-conflict',
            message: 'Another object has this UID.',
          };
        }
        const put = {
          userId: user.id,
          uid: read.uid,
          name: target.name === `${read.uid}.ics` ? null : target.name,
          text,
          id: current?.id,
        };
        const written = read.event
          ? await putEvent(trx, put, read.event)
          : await putTodo(trx, put, read.todo as NonNullable<typeof read.todo>);
        if (!written.ok) throw new Refused(written.message);
        return { status: written.created ? 201 : 204, seq: written.seq };
      })
      .catch((error: unknown) => {
        if (error instanceof Refused) {
          return {
            status: 403 as const,
            condition: 'valid-calendar-object-resource',
            message: error.message,
          };
        }
        throw error;
      });
    if (outcome.status === 412)
      return reply.code(412).type('text/plain; charset=utf-8').send('The object has changed.');
    if (outcome.status === 403)
      return refuse(reply, 403, NS.caldav, outcome.condition, outcome.message);
    return reply.code(outcome.status).header('etag', etagOf(outcome.seq)).send();
  }

  async function deleteObject(
    request: FastifyRequest,
    reply: FastifyReply,
    user: DavUser,
    target: DavTarget,
  ) {
    if (target.type !== 'object') {
      return refuse(
        reply,
        403,
        NS.dav,
        'cannot-modify-protected-property',
        'Collections cannot be deleted.',
      );
    }
    const kind = COLLECTIONS[target.collection].kind;
    const row = await findObject(app.db, user.id, kind, target.name);
    if (!row) return notFound(reply);
    if (preconditionFailed(request, row.dav_seq)) {
      return reply.code(412).type('text/plain; charset=utf-8').send('The object has changed.');
    }
    // Into the trash, as a delete on the web (ADR 0411).
    const done = await deleteOwned(app.db, TABLE[kind], user.id, row.id);
    return done ? reply.code(204).send() : notFound(reply);
  }
}

/** A write whose fields the app refuses: the transaction is rolled back. */
class Refused extends Error {}
