import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { DataDirInUseError } from './db/data-dir-lock';
import { ConfigError, loadConfig } from './env';

/** Long enough for in-flight requests (and a summary) to finish, short of a supervisor's kill. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`prodify: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config });

  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'fatal error, shutting down');
    else app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Stops accepting connections, waits for in-flight requests, then closes the database.
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: app.dbKind, dataDir: app.dbKind === 'pglite' ? config.pgliteDir : undefined },
    `Prodify is serving on http://${config.host}:${config.port}`,
  );
}

main().catch((error: unknown) => {
  // A database that does not answer, or a data directory in use, is an operating condition,
  // not a bug: one line, no stack trace.
  const known =
    error instanceof DataDirInUseError ||
    (error instanceof Error && error.message.startsWith('the database does not answer'));
  const text =
    error instanceof Error
      ? known
        ? error.message
        : (error.stack ?? error.message)
      : String(error);
  process.stderr.write(`prodify: failed to start: ${text}\n`);
  process.exit(1);
});
