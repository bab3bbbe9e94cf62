import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  linkSync,
  openSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';

/** Errors of a file system without hard links (FAT, some network shares). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code ?? '';

/**
 * Creates `file` holding `text`, unless it exists (then false). The text is written to a
 * temporary file that is hard-linked into place, so that nobody reads a half-written file, even
 * when two processes try at once. Without hard links, an O_EXCL create is used instead.
 */
export function writeFileExclusive(file: string, text: string, mode = 0o644): boolean {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    writeFileSync(temp, text, { mode, flag: 'wx' });
    chmodSync(temp, mode); // the umask may have taken bits away
    linkSync(temp, file);
    return true;
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    if (!NO_HARD_LINKS.has(codeOf(error))) throw error;
  } finally {
    rmSync(temp, { force: true }); // also after ENOSPC, which leaves it half-written
  }
  let fd: number;
  try {
    fd = openSync(file, 'wx', mode);
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, text);
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  } finally {
    closeSync(fd);
  }
  return true;
}
