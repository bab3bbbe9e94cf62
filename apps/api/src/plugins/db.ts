import fp from 'fastify-plugin';
import { type DatabaseHandle, openPGlite, openPostgres } from '../db/connect';
import { isDatabaseUnavailable } from '../db/errors';
import { undoUnfinishedImports } from '../db/import-runs';
import { ListCache } from '../db/lists/list-cache';
import { kyselyVersionsReader } from '../db/lists/list-versions';
import { migrateToLatest } from '../db/migrate';
import type { Db } from '../db/types';
import { settleUsernameKeys } from '../db/username-keys';
import type { Config } from '../env';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: DatabaseHandle['kind'];
    /** Postgres only: a connection outside the pool (LISTEN); undefined on PGlite. */
    dbDedicatedClient: DatabaseHandle['dedicatedClient'];
    /** Recent list answers by the user's list version (ADR 0404). */
    listCache: ListCache;
  }
}

/** How many times start-up tries to reach the database (a second apart). */
const START_ATTEMPTS = 10;

export interface DbPluginOptions {
  config: Config;
  /** A database opened by the caller (tests); the caller closes it. */
  handle?: DatabaseHandle | undefined;
}

/**
 * Opens Postgres (DATABASE_URL) or the embedded PGlite in DATA_DIR, brings the schema up to
 * date, and closes the database after the last in-flight request on shutdown.
 */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, { config, handle }) => {
    const owned = handle === undefined;
    const database =
      handle ??
      (config.databaseUrl
        ? openPostgres(config.databaseUrl, {
            onPoolError: (error) => app.log.warn({ err: error }, 'idle database connection lost'),
          })
        : await openPGlite({ dataDir: config.pgliteDir }));
    try {
      // A Postgres started alongside us (compose, systemd) may need a few seconds to answer.
      for (let attempt = 1; ; attempt++) {
        try {
          const applied = await migrateToLatest(database.db);
          if (applied.length > 0) app.log.info({ applied }, 'database migrated');
          await settleUsernameKeys(database.db, app.log);
          // The embedded database has one process: an import left unfinished was cut off.
          if (database.kind === 'pglite') {
            const undone = await undoUnfinishedImports(database.db);
            if (undone > 0) app.log.warn({ undone }, 'removed what unfinished imports had added');
          }
          break;
        } catch (error) {
          if (!isDatabaseUnavailable(error) || attempt >= START_ATTEMPTS) throw error;
          app.log.warn({ err: error, attempt }, 'database not answering yet; retrying');
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    } catch (error) {
      if (owned) await database.close().catch(() => {});
      if (isDatabaseUnavailable(error)) {
        throw new Error(`the database does not answer: ${(error as Error).message}`, {
          cause: error,
        });
      }
      throw error;
    }
    app.decorate('db', database.db);
    app.decorate('dbKind', database.kind);
    app.decorate('dbDedicatedClient', database.dedicatedClient);
    app.decorate(
      'listCache',
      new ListCache(
        config.listCacheBytes,
        database.readVersions ?? kyselyVersionsReader(database.db),
      ),
    );
    if (owned) {
      app.addHook('onClose', async () => {
        await database.close();
        app.log.info('database closed');
      });
    }
  },
  { name: 'db' },
);
