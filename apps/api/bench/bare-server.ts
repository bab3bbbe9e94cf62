/**
 * The physical limit: a bare `node:http` server that answers each bench request with the exact
 * bytes (status, headers, body) our API answered it with, captured beforehand. No routing
 * framework, no database, no JSON work. Run in its own process by bench/api.ts:
 *
 *   node --import tsx bench/bare-server.ts <captured.json>
 *
 * and prints `listening <port>` when ready.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedResponse {
  method: string;
  /** Path with query string. */
  path: string;
  status: number;
  /** Header name/value pairs as our API sent them (minus those node:http sets itself). */
  headers: Array<[string, string]>;
  bodyBase64: string;
}

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <captured.json>');
const captured = JSON.parse(readFileSync(file, 'utf8')) as CapturedResponse[];
const answers = new Map(
  captured.map((c) => [
    `${c.method} ${c.path}`,
    { status: c.status, headers: c.headers.flat(), body: Buffer.from(c.bodyBase64, 'base64') },
  ]),
);

const server = http.createServer((req, res) => {
  const answer = answers.get(`${req.method} ${req.url}`);
  // Read (and drop) the request body before answering, as a real server must.
  req.resume();
  req.once('end', () => {
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
});
// The same keep-alive window as Fastify's default, so connections behave alike.
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
