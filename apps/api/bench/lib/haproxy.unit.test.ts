import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { haproxyConfig } from './haproxy';
import { ROOT_DIR } from './paths';

describe('the HAProxy configuration in the README', () => {
  it('is the one bench:cluster runs', () => {
    const readme = readFileSync(path.join(ROOT_DIR, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Running several instances'));
    const block = /```\n(global\n[\s\S]*?)```/.exec(section)?.[1];
    const generated = haproxyConfig({
      port: 8080,
      servers: [
        { name: 'api1', port: 8001 },
        { name: 'api2', port: 8002 },
      ],
    });
    expect(block).toBe(generated);
  });
});
