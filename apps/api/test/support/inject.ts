import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export interface Req {
  method: InjectOptions['method'];
  url: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (with the given content type, if any). */
  raw?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** Injects a request into `app`: `body` as JSON, `raw` as is. */
export function send(app: FastifyInstance, req: Req): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, req.headers);
  const payload = req.body !== undefined ? JSON.stringify(req.body) : req.raw;
  return app.inject({
    method: req.method,
    url: req.url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    ...(req.remoteAddress ? { remoteAddress: req.remoteAddress } : {}),
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface TestUser {
  id: number;
  username: string;
  password: string;
  access: string;
  refresh: string;
  /** `{ authorization: 'Bearer <access>' }` */
  auth: { authorization: string };
}

/** Registers a user on `app` and signs them in; throws if either fails. */
export async function signUp(
  app: FastifyInstance,
  username: string,
  password = 'Str0ng!Pass1',
): Promise<TestUser> {
  const body = { username, password };
  const registered = await send(app, { method: 'POST', url: '/api/user/register/', body });
  if (registered.statusCode !== 201) {
    throw new Error(`sign-up of ${username} failed: ${registered.statusCode} ${registered.body}`);
  }
  const login = await send(app, { method: 'POST', url: '/api/token/', body });
  if (login.statusCode !== 200) {
    throw new Error(`sign-in of ${username} failed: ${login.statusCode} ${login.body}`);
  }
  const tokens = login.json() as { access: string; refresh: string };
  return {
    id: (registered.json() as { id: number }).id,
    username,
    password,
    ...tokens,
    auth: bearer(tokens.access),
  };
}
