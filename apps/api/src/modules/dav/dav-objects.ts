import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deleteOwned } from '../../db/owned';
import { ianaZoneOf } from '../transfer/time-zones';
import { findObject, putEvent, putTodo, uidTaken, userTimeZone } from './dav.queries';
import type { DavUser } from './dav-auth';
import { bodyText, notFound, preconditionFailed, refuse } from './dav-http';
import { type RenderCache, readObject } from './dav-mapping';
import { COLLECTIONS, type DavTarget, etagOf, TABLE } from './dav-paths';
import { NS } from './dav-xml';

/**
 * GET, PUT and DELETE of one calendar object (ADR 0441): ETags are the item's change number,
 * If-Match and If-None-Match are honoured (412), a PUT is stored whole or not at all, and a
 * DELETE moves the item to the trash.
 */
export function davObjects(app: FastifyInstance, renders: RenderCache) {
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
      .send(renders.render(kind, row));
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

  return { getObject, putObject, deleteObject };
}

/** A write whose fields the app refuses: the transaction is rolled back. */
class Refused extends Error {}
