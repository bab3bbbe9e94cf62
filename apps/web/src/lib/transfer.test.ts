import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, SessionExpiredError } from './errors';
import { SESSION_EXPIRED_EVENT } from './session-events';
import { downloadFile } from './transfer';

/*
 * The download's token handling (bearer, one refresh and retry, session end) and its file name,
 * against a scripted fetch. The real downloads run in e2e/transfer.spec.ts.
 */

type Handler = (url: string, auth: string | null) => Response;

function scriptFetch(handler: Handler) {
  const calls: Array<[string, string | null]> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const auth = new Headers(init.headers).get('authorization');
      calls.push([url, auth]);
      return handler(url, auth);
    }),
  );
  return calls;
}

const zip = () =>
  new Response('PK', {
    status: 200,
    headers: {
      'content-type': 'application/zip',
      'content-disposition': 'attachment; filename="prodify-notes.zip"',
    },
  });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('downloadFile', () => {
  let saved: string[];
  beforeEach(() => {
    localStorage.clear();
    saved = [];
    // jsdom has no object URLs and does not download: record the link's name instead.
    URL.createObjectURL = vi.fn(() => 'blob:test');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it("saves the answer under the server's name, with the bearer token", async () => {
    localStorage.setItem('access', 'A1');
    const calls = scriptFetch(() => zip());
    expect(await downloadFile('/api/export/notes.zip', 'fallback.zip')).toBe('prodify-notes.zip');
    expect(calls).toEqual([['/api/export/notes.zip', 'Bearer A1']]);
    expect(saved).toEqual(['prodify-notes.zip']);
  });

  it('refreshes an expired token once and retries', async () => {
    localStorage.setItem('access', 'OLD');
    localStorage.setItem('refresh', 'R');
    const calls = scriptFetch((url, auth) => {
      if (url.endsWith('/api/token/refresh/')) return json(200, { access: 'NEW' });
      return auth === 'Bearer NEW' ? zip() : json(401, { detail: 'expired' });
    });
    await downloadFile('/api/export/notes.zip', 'fallback.zip');
    expect(calls.map(([url, auth]) => `${url} ${auth}`)).toEqual([
      '/api/export/notes.zip Bearer OLD',
      '/api/token/refresh/ null',
      '/api/export/notes.zip Bearer NEW',
    ]);
    expect(saved).toEqual(['prodify-notes.zip']);
  });

  it('ends the session when no token is accepted', async () => {
    localStorage.setItem('access', 'OLD');
    localStorage.setItem('refresh', 'R');
    scriptFetch(() => json(401, { detail: 'expired' }));
    const ended = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, ended);
    await expect(downloadFile('/api/export/', 'x.json')).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
    window.removeEventListener(SESSION_EXPIRED_EVENT, ended);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('access')).toBeNull();
    expect(saved).toEqual([]);
  });

  it("throws the server's error body and saves nothing", async () => {
    localStorage.setItem('access', 'A1');
    scriptFetch(() => json(503, { detail: 'Server busy.' }));
    const error = await downloadFile('/api/export/', 'x.json').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toEqual({ detail: 'Server busy.' });
    expect(saved).toEqual([]);
  });
});
