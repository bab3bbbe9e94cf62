import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as createTables from './migrations/202611211600_create_tables';
import * as listCounts from './migrations/202611221000_list_counts';
import * as listVersions from './migrations/202611231000_list_versions';
import * as createTrash from './migrations/202611260100_create_trash';
import * as addSearchIndexes from './migrations/202611260110_add_search_indexes';
import * as addNoteSearchText from './migrations/202611260120_add_note_search_text';
import * as eventRecurrence from './migrations/202611260200_add_event_recurrence';
import * as addImportSources from './migrations/202611260300_add_import_sources';
import * as addUsernameKey from './migrations/202611260400_add_username_key';
import * as createSessions from './migrations/202611260410_create_sessions';
import * as notifyRevocations from './migrations/202611260420_notify_revocations';
import * as addImportRuns from './migrations/202611270100_add_import_runs';
import * as createUserPreferences from './migrations/202611270600_create_user_preferences';
import * as addEventAndTodoDetails from './migrations/202611270700_add_event_and_todo_details';
import * as createTwoFactor from './migrations/202611270800_create_two_factor';
import * as createPasskeys from './migrations/202611270810_create_passkeys';
import * as createDavSync from './migrations/202611270900_create_dav_sync';
import * as createIdempotencyKeys from './migrations/202611271000_create_idempotency_keys';

/**
 * The migrations, listed here rather than read from a folder: the API ships as one bundled
 * file, so there is no folder to read at run time. Names sort by their timestamp.
 */
const MIGRATIONS: Record<string, Migration> = {
  '202611211600_create_tables': createTables,
  '202611221000_list_counts': listCounts,
  '202611231000_list_versions': listVersions,
  '202611260100_create_trash': createTrash,
  '202611260110_add_search_indexes': addSearchIndexes,
  '202611260120_add_note_search_text': addNoteSearchText,
  '202611260200_add_event_recurrence': eventRecurrence,
  '202611260300_add_import_sources': addImportSources,
  '202611260400_add_username_key': addUsernameKey,
  '202611260410_create_sessions': createSessions,
  '202611260420_notify_revocations': notifyRevocations,
  '202611270100_add_import_runs': addImportRuns,
  '202611270600_create_user_preferences': createUserPreferences,
  '202611270700_add_event_and_todo_details': addEventAndTodoDetails,
  '202611270800_create_two_factor': createTwoFactor,
  '202611270810_create_passkeys': createPasskeys,
  '202611270900_create_dav_sync': createDavSync,
  '202611271000_create_idempotency_keys': createIdempotencyKeys,
};

export const staticMigrations: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};

/** Brings the schema up to date; throws with the failing migration's error. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: staticMigrations });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
