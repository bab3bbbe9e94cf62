import { describe, expect, it } from 'vitest';
import { checksumOf, migrationFiles, recordedChecksums } from '../../scripts/migrations-hash';
import { staticMigrations } from './migrate';

/**
 * Landed migrations are frozen: a database that already ran one never runs it again, so an edit
 * reaches new installs only and the two drift apart. A schema change is a new migration.
 */
const RECORD = 'pnpm --filter @prodify/api migrations:hash';
const NAME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})_[a-z]+(_[a-z0-9]+)+$/;

describe('migrations', () => {
  it('keep the content they landed with', () => {
    const changed = Object.entries(recordedChecksums())
      .filter(([file]) => migrationFiles().includes(file))
      .filter(([file, sum]) => checksumOf(file) !== sum)
      .map(([file]) => file);
    expect(
      changed,
      `${changed.join(', ')} changed after landing: revert the edit and put the change in a new ` +
        'migration (a database that ran the old one never runs it again)',
    ).toEqual([]);
  });

  it('each have a recorded checksum, and every recorded one still exists', () => {
    const recorded = recordedChecksums();
    const unrecorded = migrationFiles().filter((file) => recorded[file] === undefined);
    expect(unrecorded, `${unrecorded.join(', ')}: record the checksum with \`${RECORD}\``).toEqual(
      [],
    );
    const gone = Object.keys(recorded).filter((file) => !migrationFiles().includes(file));
    expect(gone, `checksums.json lists ${gone.join(', ')}, which no longer exist`).toEqual([]);
  });

  it('are all registered in migrate.ts, under their file name, in timestamp order', async () => {
    const registered = await staticMigrations.getMigrations();
    const names = Object.keys(registered);
    const files = migrationFiles().map((file) => file.replace(/\.ts$/, ''));
    const missing = files.filter((name) => !names.includes(name));
    expect(missing, `register ${missing.join(', ')} in src/db/migrate.ts`).toEqual([]);
    const unknown = names.filter((name) => !files.includes(name));
    expect(unknown, `migrate.ts registers ${unknown.join(', ')}, which has no file`).toEqual([]);
    expect(names, 'migrate.ts lists them in timestamp order').toEqual([...names].sort());
    for (const name of names) {
      const parts = NAME.exec(name);
      expect(parts, `${name} is not YYYYMMDDHHmm_verb_noun`).not.toBeNull();
      const [, year, month, day, hour, minute] = (parts ?? []).map(Number);
      const at = new Date(Date.UTC(year!, month! - 1, day, hour, minute));
      expect(
        at.getUTCMonth() + 1 === month && at.getUTCDate() === day,
        `${name}: no such date`,
      ).toBe(true);
      expect(hour! < 24 && minute! < 60, `${name}: no such time`).toBe(true);
      // The name must lead to its own file: a copy-paste in the list would run a migration twice.
      expect(registered[name], `${name} is registered with another file's module`).toBe(
        await import(`./migrations/${name}.ts`),
      );
    }
  });
});
