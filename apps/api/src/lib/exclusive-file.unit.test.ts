import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileExclusive } from './exclusive-file';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'prodify-excl-'));

describe('writeFileExclusive', () => {
  it('creates the file with its text and mode, and leaves nothing else behind', () => {
    const dir = tmp();
    const file = path.join(dir, 'secret');
    expect(writeFileExclusive(file, 'abc\n', 0o600)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('abc\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['secret']);
  });

  it('leaves an existing file as it is and says so', () => {
    const dir = tmp();
    const file = path.join(dir, 'secret');
    writeFileSync(file, 'first');
    expect(writeFileExclusive(file, 'second')).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('first');
    expect(readdirSync(dir)).toEqual(['secret']);
  });
});
