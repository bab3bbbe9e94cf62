#!/usr/bin/env node
// `npm start`: install, build the API and the web app, then serve both on the embedded database
// (http://127.0.0.1:8000 unless PORT/HOST say otherwise). Ctrl-C stops it cleanly.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpmOrExit } from './pnpm.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const options = { cwd: root };

await pnpmOrExit(['install', '--frozen-lockfile'], options);
await pnpmOrExit(
  ['exec', 'turbo', 'run', 'build', '--filter=@prodify/api', '--filter=@prodify/web'],
  options,
);

const server = spawn(process.execPath, [path.join('apps', 'api', 'dist', 'server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});

// The server shuts down gracefully on these; forward them and wait for it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
});
