import http from 'node:http';
import type { CapturedResponse } from '../bare-server';

/** Header names node:http sets itself on every answer; the bare server lets it do so. */
const NODE_MANAGED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Sends one request to our API and keeps the exact answer: status, headers, body bytes. */
export function capture(
  baseUrl: string,
  request: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}${request.path}`,
      { method: request.method, headers: request.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: Array<[string, string]> = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i] as string;
            if (!NODE_MANAGED.has(name.toLowerCase())) {
              headers.push([name, res.rawHeaders[i + 1] as string]);
            }
          }
          resolve({
            method: request.method,
            path: request.path,
            status: res.statusCode ?? 0,
            headers,
            bodyBase64: Buffer.concat(chunks).toString('base64'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}
