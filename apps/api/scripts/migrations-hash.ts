/**
 * Records the sha256 of every migration that has none in src/db/migrations/checksums.json
 * (`pnpm --filter @prodify/api migrations:hash`). It never changes a recorded one: a landed
 * migration is frozen, and migrations.unit.test.ts fails when its content changes.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/db/migrations',
);
export const CHECKSUMS_FILE = path.join(MIGRATIONS_DIR, 'checksums.json');

/** The migration files, by name (`YYYYMMDDHHmm_verb_noun.ts`), in timestamp order. */
export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort();
}

/** Line endings are normalised, so a checkout with CRLF (Windows, autocrlf) hashes the same. */
export function checksumOf(file: string): string {
  const text = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8').replace(/\r\n/g, '\n');
  return createHash('sha256').update(text).digest('hex');
}

export function recordedChecksums(): Record<string, string> {
  return JSON.parse(readFileSync(CHECKSUMS_FILE, 'utf8')) as Record<string, string>;
}

function main(): void {
  const recorded = recordedChecksums();
  const added = migrationFiles().filter((file) => recorded[file] === undefined);
  for (const file of added) recorded[file] = checksumOf(file);
  const sorted = Object.fromEntries(
    Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b)),
  );
  writeFileSync(CHECKSUMS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(
    added.length > 0 ? `recorded: ${added.join(', ')}` : 'every migration has its checksum',
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
