import http from 'node:http';

/**
 * A JSON client whose requests can leave from a chosen loopback address (127.0.x.y): through a
 * proxy, each simulated user then is its own client IP, as real users are, and the per-IP limits
 * stay at their production values. Connections are kept alive, per address.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface HttpAnswer<T = unknown> {
  /** 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  body: T;
  error?: string;
  /** Seconds, from a `Retry-After` header. */
  retryAfter?: number;
}

export interface HttpOptions {
  body?: unknown;
  token?: string | undefined;
  localAddress?: string | undefined;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

export function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: HttpOptions = {},
): Promise<HttpAnswer<T>> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve) => {
    const req = http.request(
      `${baseUrl}${path}`,
      {
        method,
        agent,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        headers: {
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) =>
          resolve({ status: 0, body: undefined as T, error: error.message }),
        );
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text === '' ? undefined : JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          const retryAfter = Number(res.headers['retry-after']);
          resolve({
            status: res.statusCode ?? 0,
            body: body as T,
            ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve({ status: 0, body: undefined as T, error: error.message }));
    req.end(payload);
  });
}

/** The n-th simulated client's own address (127.0.1.1, 127.0.1.2, ...; 250 per /24). */
export function clientAddress(n: number): string {
  return `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;
}

/** Runs `task` for each item with at most `concurrency` at once; results in item order. */
export async function pool<I, R>(
  items: I[],
  concurrency: number,
  task: (item: I, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as I, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
