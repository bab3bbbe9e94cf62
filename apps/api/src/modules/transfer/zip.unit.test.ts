import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { HostileZipError, readZip, ZipWriter } from './zip';

async function written(files: Array<[string, string]>): Promise<Buffer> {
  const zip = new ZipWriter();
  const parts: Buffer[] = [];
  for (const [name, text] of files) {
    await zip.add(name, text, new Date('2026-03-04T05:06:08Z'));
    const chunk = zip.take();
    if (chunk) parts.push(chunk);
  }
  zip.end();
  parts.push(zip.take() as Buffer);
  return Buffer.concat(parts);
}

describe('ZipWriter', () => {
  it('writes files that a zip reader reads back byte for byte (deflated and stored)', async () => {
    const files: Array<[string, string]> = [
      ['a.md', 'short'],
      ['ü/b.md', 'long text. '.repeat(500)],
      ['empty.md', ''],
    ];
    const read = unzipSync(new Uint8Array(await written(files)));
    expect(Object.keys(read)).toEqual(files.map(([name]) => name));
    for (const [name, text] of files) expect(new TextDecoder().decode(read[name])).toBe(text);
  });

  it('writes ZIP64 end records past 65,535 files, and the reader finds every file', async () => {
    const files = Array.from({ length: 65_540 }, (_, i): [string, string] => [`${i}.md`, `${i}`]);
    const zip = await written(files);
    // The ZIP64 end of central directory record and its locator are there.
    expect(zip.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    expect(zip.includes(Buffer.from([0x50, 0x4b, 0x06, 0x07]))).toBe(true);
    const read = unzipSync(new Uint8Array(zip));
    expect(Object.keys(read)).toHaveLength(65_540);
    expect(new TextDecoder().decode(read['65539.md'])).toBe('65539');
    // Our reader finds them through the ZIP64 records too.
    const ours = readZip(zip, () => true, { entries: 70_000, inflatedBytes: 1e8 });
    expect(ours.files).toHaveLength(65_540);
    expect(new TextDecoder().decode(ours.files.at(-1)?.data)).toBe('65539');
  }, 60_000);
});

describe('readZip', () => {
  const zip = (files: Record<string, string | Uint8Array>) =>
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? strToU8(v) : v]),
      ),
    );
  const all = () => true;

  it('stops a zip bomb at the inflated limit, whatever its headers say', () => {
    const bomb = zip({ 'a.md': new Uint8Array(3 * 1024 * 1024) });
    expect(() => readZip(bomb, all, { inflatedBytes: 1024 * 1024, entries: 10 })).toThrow(
      /inflates to more than 1 MiB/,
    );
  });

  it('counts the entries, also the ones it does not read', () => {
    const many = zip({ 'a.md': 'x', 'b.png': 'y', 'c.png': 'z' });
    expect(() =>
      readZip(many, (name) => name.endsWith('.md'), { inflatedBytes: 1e6, entries: 2 }),
    ).toThrow(HostileZipError);
    expect(
      readZip(many, (name) => name.endsWith('.md'), { inflatedBytes: 1e6, entries: 3 }),
    ).toMatchObject({
      ignored: ['b.png', 'c.png'],
    });
  });

  it('checks every entry against its CRC-32 and size, stored or deflated', () => {
    for (const level of [0, 6] as const) {
      const good = zipSync({ 'a.md': strToU8('hello world, '.repeat(50)) }, { level });
      expect(readZip(good, all).files).toHaveLength(1);
      const bad = new Uint8Array(good);
      bad[40] = (bad[40] as number) ^ 1;
      expect(() => readZip(bad, all), `level ${level}`).toThrow(
        /damaged: "a\.md" (does not match its checksum|cannot be inflated)/,
      );
    }
  });

  it('refuses an encrypted entry, and a zip cut before its central directory', () => {
    const good = zipSync({ 'a.md': strToU8('x') });
    const view = new DataView(good.buffer);
    const central = good.length - 22 - 46 - 'a.md'.length;
    expect(view.getUint32(central, true)).toBe(0x02014b50);
    const encrypted = new Uint8Array(good);
    new DataView(encrypted.buffer).setUint16(central + 8, 1, true);
    expect(() => readZip(encrypted, all)).toThrow('"a.md" in the zip is encrypted.');
    expect(() => readZip(good.subarray(0, central), all)).toThrow(/no central directory/);
  });

  it('refuses names that climb out of the folder', () => {
    for (const name of ['../x.md', 'a/../../x.md', '/x.md', 'C:/x.md', 'a\\..\\x.md']) {
      expect(() => readZip(zip({ [name]: 'x' }), all), name).toThrow(/Unsafe file name/);
    }
  });
});
