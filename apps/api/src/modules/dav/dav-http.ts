import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf } from './dav-paths';
import { errorBody } from './dav-xml';

/** The small HTTP pieces of the CalDAV server (ADR 0441). */

export const ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT';

const utf8 = new TextDecoder('utf-8', { fatal: true });

export class BadBody extends Error {}

export function bodyText(request: FastifyRequest): string {
  const body = request.body;
  if (!Buffer.isBuffer(body)) return '';
  try {
    return utf8.decode(body);
  } catch {
    throw new BadBody('The body is not valid UTF-8.');
  }
}

export function xmlReply(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('application/xml; charset=utf-8').send(body);
}

export function refuse(
  reply: FastifyReply,
  status: number,
  ns: string,
  condition: string,
  message?: string,
) {
  return xmlReply(reply, status, errorBody(ns, condition, message));
}

export const notFound = (reply: FastifyReply) =>
  reply.code(404).type('text/plain; charset=utf-8').send('Not found.');

export function optionsReply(reply: FastifyReply) {
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
export function preconditionFailed(request: FastifyRequest, seq: number | undefined): boolean {
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
