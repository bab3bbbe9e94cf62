import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOrCreateSecret } from './secret-file';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'prodify-secret-'));

describe('readOrCreateSecret', () => {
  it('creates a random secret once, mode 0600, in a folder it creates, then reads it', () => {
    const file = path.join(tmp(), 'data', 'jwt-secret');
    const secret = readOrCreateSecret(file);
    expect(secret).toMatch(/^[\w-]{64}$/);
    expect(readFileSync(file, 'utf8')).toBe(`${secret}\n`);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readOrCreateSecret(file)).toBe(secret);
    expect(readOrCreateSecret(path.join(tmp(), 'jwt-secret'))).not.toBe(secret);
  });

  it('reads an existing file trimmed, whatever it holds', () => {
    const file = path.join(tmp(), 'jwt-secret');
    writeFileSync(file, '  short \n');
    expect(readOrCreateSecret(file)).toBe('short');
  });
});
