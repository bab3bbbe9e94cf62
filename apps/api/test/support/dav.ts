import { expect } from 'vitest';
import type { TestContext, TestUser } from './app';

/** A signed-up user with an app password, and requests to /dav/ as them. */
export async function davUser(ctx: TestContext, name = 'alice') {
  const user: TestUser = await ctx.signUp(name);
  const res = await ctx.request('POST', '/api/app-passwords/', {
    body: { name: 'test' },
    headers: user.auth,
  });
  expect(res.statusCode).toBe(201);
  const password = (res.json() as { password: string }).password;
  const authorization = `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`;
  const dav = (method: string, url: string, body?: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: {
        authorization,
        ...(body !== undefined && {
          'content-type': body.startsWith('BEGIN:') ? 'text/calendar' : 'application/xml',
        }),
        ...headers,
      },
      ...(body !== undefined && { payload: body }),
    });
  return { user, password, authorization, dav };
}

export const ics = (...lines: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//test//EN',
    ...lines,
    'END:VCALENDAR',
    '',
  ].join('\r\n');

export const vevent = (uid: string, ...lines: string[]) =>
  ics('BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT');

export const vtodo = (uid: string, ...lines: string[]) =>
  ics('BEGIN:VTODO', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VTODO');

export const PROPFIND_ALL = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:allprop/></d:propfind>`;
