import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeFileExclusive } from './exclusive-file';

/**
 * The secret kept in `file`: read when the file exists, else made (48 random bytes, base64url)
 * and written with mode 0600, its folder created too. Of two processes starting at once, one
 * creates it and the other reads that very secret. File system errors (ENOSPC too) are thrown
 * as they are; whether a secret read back is strong enough is the caller's to judge.
 */
export function readOrCreateSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  return writeFileExclusive(file, `${secret}\n`, 0o600) ? secret : readOrCreateSecret(file);
}
