import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { DataDirInUseError } from './db/data-dir-lock';
import { diskLowLine, freeDiskBytes, toMb } from './db/disk-space';
import { type Config, ConfigError, loadConfig } from './env';

/** Long enough for in-flight requests (and a summary) to finish, short of a supervisor's kill. */
const SHUTDOWN_GRACE_MS = 10_000;

/** The signals that stop the server gracefully; SIGHUP too, as a closed terminal sends it. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * A stop signal that comes again within this time is the same stop delivered twice: a terminal
 * or systemd signals the whole process group, and `npm start` (scripts/start.mjs) forwards it
 * too. Later, a second signal means "stop now".
 */
const SAME_STOP_MS = 1_000;

/** Creating the embedded database writes about 40 MB (a 16 MB WAL segment and the catalogs). */
const EMBEDDED_START_BYTES = 64 * 1024 * 1024;

/** A start failure that is an operating condition, not a bug: one line, no stack trace. */
class StartError extends Error {}

/** The embedded database must not start on a disk it would fill (ADR 0406). */
async function checkDiskRoom(config: Config): Promise<void> {
  if (config.databaseUrl || config.minFreeDiskBytes === 0) return;
  const free = await freeDiskBytes(config.dataDir);
  if (free !== undefined && free < config.minFreeDiskBytes) {
    throw new StartError(diskLowLine(config.dataDir, free, config.minFreeDiskBytes));
  }
}

/** The line a failed start prints: the message for known conditions, else the stack. */
async function failureText(error: unknown, config: Config | undefined): Promise<string> {
  if (!(error instanceof Error)) return String(error);
  const known =
    error instanceof StartError ||
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    // A database that does not answer is an operating condition, not a bug.
    error.message.startsWith('the database does not answer');
  const code = (error as NodeJS.ErrnoException).code;
  if (known || code === 'EADDRINUSE') return error.message;
  if (code === 'ENOSPC') {
    const where = config?.dataDir ?? (error as NodeJS.ErrnoException).path;
    return `no space left on the disk${where ? ` of ${where}` : ''}: free some space`;
  }
  // PGlite fails on a full disk with messages that do not say so ("Aborted()").
  if (config && !config.databaseUrl) {
    const free = await freeDiskBytes(config.dataDir);
    if (free !== undefined && free < Math.max(config.minFreeDiskBytes, EMBEDDED_START_BYTES)) {
      return `the embedded database could not start with only ${toMb(free)} MB free on the disk of ${config.dataDir}: free some space`;
    }
  }
  return error.stack ?? error.message;
}

let config: Config | undefined;

async function main() {
  // Listened to from the very start: a stop during start-up (creating the database, migrating)
  // takes effect once the start is complete, instead of killing it half-way.
  let app: FastifyInstance | undefined;
  let stop: (() => void) | undefined;
  let stoppingSince: number | undefined;
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      if (stoppingSince === undefined) {
        stoppingSince = Date.now();
        if (app) app.log.info({ signal }, 'shutting down: finishing in-flight requests');
        else process.stderr.write(`prodify: ${signal} while starting: stopping once started\n`);
        stop?.();
      } else if (Date.now() - stoppingSince > SAME_STOP_MS) {
        process.stderr.write(`prodify: second ${signal}: exiting without waiting\n`);
        process.exit(1);
      }
    });
  }

  config = loadConfig();
  await checkDiskRoom(config);
  const started = await buildApp({ config });
  app = started;
  const grace = closeWithGrace(
    { delay: SHUTDOWN_GRACE_MS, skip: [...STOP_SIGNALS] },
    async ({ err }) => {
      if (err) started.log.error({ err }, 'fatal error, shutting down');
      // Stops accepting connections, waits for in-flight requests, then closes the database.
      await started.close();
    },
  );
  stop = () => grace.close();
  if (stoppingSince !== undefined) return stop();

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close(); // closes the database and releases its data directory
    throw error;
  }
  app.log.info(
    { database: app.dbKind, dataDir: app.dbKind === 'pglite' ? config.pgliteDir : undefined },
    `Prodify is serving on http://${config.host}:${config.port}`,
  );
}

main().catch(async (error: unknown) => {
  process.stderr.write(`prodify: failed to start: ${await failureText(error, config)}\n`);
  process.exit(1);
});
