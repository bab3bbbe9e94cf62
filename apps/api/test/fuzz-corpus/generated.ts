import { deflateRawSync } from 'node:zlib';
import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';

/** A corpus input too large to keep as a file: built the same way on every run. */
export interface CorpusInput {
  name: string;
  type: 'text/calendar' | 'application/json' | 'application/zip';
  body: Buffer;
}

const cal = (...lines: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//fuzz//fuzz//EN',
    ...lines,
    'END:VCALENDAR',
    '',
  ].join('\r\n');

const empties = (n: number) =>
  `{"format":"prodify-export","version":1,"exported_at":"2026-11-27T00:00:00Z","username":"x","notes":[${Array(n).fill('{}').join(',')}],"todos":[],"events":[]}`;

/** A zip of one Markdown file of `bytes` zeros, deflated a megabyte at a time (no big buffer). */
function bomb(bytes: number): Buffer {
  const parts: Uint8Array[] = [];
  const archive = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  const file = new ZipDeflate('bomb.md', { level: 9 });
  archive.add(file);
  const block = new Uint8Array(1024 * 1024).fill(0x30);
  for (let sent = 0; sent < bytes; sent += block.length) {
    file.push(block, sent + block.length >= bytes);
  }
  archive.end();
  return Buffer.concat(parts);
}

export function generatedCorpus(): CorpusInput[] {
  const json = (name: string, text: string): CorpusInput => ({
    name,
    type: 'application/json',
    body: Buffer.from(text),
  });
  const ics = (name: string, text: string): CorpusInput => ({
    name,
    type: 'text/calendar',
    body: Buffer.from(text),
  });
  const many: Record<string, Uint8Array> = {};
  for (let i = 0; i <= 5_000; i++) many[`n${i}.md`] = strToU8('x');
  return [
    json('3-million-empty-notes.json', empties(3_000_000)),
    json('300000-empty-notes.json', empties(300_000)),
    json('100000-empty-notes.json', empties(100_000)),
    json('deep-arrays.json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`),
    json('deep-objects.json', `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`),
    ics(
      'nested-20000.ics',
      cal(
        'BEGIN:VEVENT',
        ...Array(20_000).fill('BEGIN:X'),
        ...Array(20_000).fill('END:X'),
        'END:VEVENT',
      ),
    ),
    ics('long-line.ics', cal('BEGIN:VEVENT', `SUMMARY:${'x'.repeat(300_000)}`, 'END:VEVENT')),
    ics(
      'many-properties.ics',
      cal('BEGIN:VEVENT', ...Array.from({ length: 2_000 }, (_, i) => `X-P${i}:v`), 'END:VEVENT'),
    ),
    { name: 'bomb-129mib.zip', type: 'application/zip', body: bomb(129 * 1024 * 1024) },
    { name: '5001-entries.zip', type: 'application/zip', body: Buffer.from(zipSync(many)) },
    {
      name: 'raw-deflate-not-zip.zip',
      type: 'application/zip',
      body: Buffer.concat([Buffer.from('PK\x03\x04'), deflateRawSync(Buffer.alloc(1_000_000))]),
    },
  ];
}
