import { promisify } from 'node:util';
import { crc32, deflateRaw, inflateRawSync } from 'node:zlib';
import { TRANSFER_LIMITS } from '@prodify/contract';

const deflate = promisify(deflateRaw);

/** A zip that must not be read: its whole import is refused with this message. */
export class HostileZipError extends Error {}

export interface ZipLimits {
  inflatedBytes: number;
  entries: number;
}

const DEFAULT_LIMITS: ZipLimits = {
  inflatedBytes: TRANSFER_LIMITS.zipInflatedBytes,
  entries: TRANSFER_LIMITS.zipEntries,
};

/** A name that could land outside the folder it is unpacked into, or is not a plain path. */
function unsafeName(name: string): boolean {
  return (
    name.includes('\0') ||
    name.includes('\\') ||
    name.startsWith('/') ||
    /^[A-Za-z]:/.test(name) ||
    name.split('/').some((part) => part === '..')
  );
}

export interface ZipFile {
  name: string;
  data: Uint8Array;
}

const EOCD = 0x06054b50;
const ZIP64_EOCD = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The end record (22 bytes) and the longest comment after it. */
const EOCD_SEARCH = 22 + 0xffff;

const damaged = (why: string) => new HostileZipError(`This zip is damaged: ${why}.`);

interface Entry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** Reads a little-endian field; past the end of the buffer is damage, never an exception. */
class Reader {
  readonly view: DataView;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  check(at: number, length: number): void {
    if (at < 0 || length < 0 || at + length > this.bytes.length) {
      throw damaged('a record points past its end');
    }
  }
  u16(at: number): number {
    this.check(at, 2);
    return this.view.getUint16(at, true);
  }
  u32(at: number): number {
    this.check(at, 4);
    return this.view.getUint32(at, true);
  }
  u64(at: number): number {
    this.check(at, 8);
    const value = this.view.getBigUint64(at, true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged('a size is out of range');
    return Number(value);
  }
}

/** The central directory's place and size, from the end record (ZIP64 when it says so). */
function findDirectory(r: Reader): { offset: number; size: number; count: number } {
  const bytes = r.bytes;
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - EOCD_SEARCH); at--) {
    if (bytes[at] === 0x50 && bytes[at + 1] === 0x4b && r.u32(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw damaged('it has no central directory (the end of the file is missing)');
  if (r.u16(end + 4) !== 0 || r.u16(end + 6) !== 0) {
    throw new HostileZipError('Zips split over several files are not supported.');
  }
  let count = r.u16(end + 10);
  let size = r.u32(end + 12);
  let offset = r.u32(end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locator = end - 20;
    if (locator < 0 || r.u32(locator) !== ZIP64_LOCATOR) {
      throw damaged('its ZIP64 end record is missing');
    }
    const record = r.u64(locator + 8);
    if (r.u32(record) !== ZIP64_EOCD) throw damaged('its ZIP64 end record is missing');
    count = r.u64(record + 32);
    size = r.u64(record + 40);
    offset = r.u64(record + 48);
  }
  r.check(offset, size);
  return { offset, size, count };
}

/** The central directory's entries, checked: no encryption, stored or deflated only. */
function entriesOf(r: Reader, limits: ZipLimits): Entry[] {
  const { offset, size, count } = findDirectory(r);
  if (count > limits.entries) {
    throw new HostileZipError(`The zip holds more than ${limits.entries} files.`);
  }
  const entries: Entry[] = [];
  const utf8 = new TextDecoder('utf-8');
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > offset + size || r.u32(at) !== CENTRAL) {
      throw damaged('its central directory is cut short');
    }
    const flags = r.u16(at + 8);
    const nameLength = r.u16(at + 28);
    const extraLength = r.u16(at + 30);
    const commentLength = r.u16(at + 32);
    r.check(at + 46, nameLength + extraLength + commentLength);
    const name = utf8.decode(r.bytes.subarray(at + 46, at + 46 + nameLength));
    const entry: Entry = {
      name,
      flags,
      method: r.u16(at + 10),
      crc: r.u32(at + 16),
      compressed: r.u32(at + 20),
      size: r.u32(at + 24),
      offset: r.u32(at + 42),
    };
    // ZIP64: the sizes and offset that did not fit are in the extra field, in this order.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = r.u16(extra);
      const length = r.u16(extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        for (const key of ['size', 'compressed', 'offset'] as const) {
          if (entry[key] === 0xffffffff && field + 8 <= extra + 4 + length) {
            entry[key] = r.u64(field);
            field += 8;
          }
        }
      }
      extra += 4 + length;
    }
    if (flags & 0x41) {
      throw new HostileZipError(`${JSON.stringify(name)} in the zip is encrypted.`);
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** An entry's bytes, inflated within `budget` and checked against its size and CRC-32. */
function contentOf(r: Reader, entry: Entry, budget: number, limitText: string): Uint8Array {
  if (r.u32(entry.offset) !== LOCAL) throw damaged(`${JSON.stringify(entry.name)} is missing`);
  if (r.u16(entry.offset + 6) & 0x41) {
    throw new HostileZipError(`${JSON.stringify(entry.name)} in the zip is encrypted.`);
  }
  const start = entry.offset + 30 + r.u16(entry.offset + 26) + r.u16(entry.offset + 28);
  r.check(start, entry.compressed);
  const raw = r.bytes.subarray(start, start + entry.compressed);
  let data: Uint8Array;
  if (entry.method === 0) {
    if (raw.length > budget) throw new HostileZipError(limitText);
    data = raw;
  } else if (entry.method === 8) {
    try {
      data = inflateRawSync(raw, { maxOutputLength: Math.max(1, budget) });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new HostileZipError(limitText);
      }
      throw damaged(`${JSON.stringify(entry.name)} cannot be inflated`);
    }
  } else {
    throw new HostileZipError(
      `${JSON.stringify(entry.name)} in the zip uses a compression method other than deflate.`,
    );
  }
  if (data.length !== entry.size || crc32(data) >>> 0 !== entry.crc >>> 0) {
    throw damaged(`${JSON.stringify(entry.name)} does not match its checksum`);
  }
  return data;
}

/**
 * The files of a zip, with its folders left out, read from its central directory (ADR 0420).
 * Refuses (HostileZipError, with a message of ours) a zip that is not one, has no valid central
 * directory, holds more than `limits.entries` entries or an encrypted one, has an entry whose
 * name climbs out (`../`, `/abs`, `C:`), one whose bytes do not match its size and CRC-32, or
 * inflates past `limits.inflatedBytes` in all: each entry is inflated with what is left of that
 * budget as its ceiling, so a zip bomb stops early whatever sizes its headers claim. `wanted`
 * picks the files to read; the others are only counted.
 */
export function readZip(
  buffer: Uint8Array,
  wanted: (name: string) => boolean,
  limits: ZipLimits = DEFAULT_LIMITS,
): { files: ZipFile[]; ignored: string[] } {
  const isZip =
    buffer.length >= 4 &&
    buffer[0] === 0x50 &&
    buffer[1] === 0x4b &&
    (buffer[2] === 3 || buffer[2] === 5) &&
    (buffer[3] === 4 || buffer[3] === 6);
  if (!isZip) throw new HostileZipError('This is not a zip file.');
  const r = new Reader(buffer);
  const entries = entriesOf(r, limits);
  const limitText = `The zip inflates to more than ${limits.inflatedBytes / 1024 / 1024} MiB.`;
  const files: ZipFile[] = [];
  const ignored: string[] = [];
  let inflated = 0;
  for (const entry of entries) {
    if (unsafeName(entry.name)) {
      throw new HostileZipError(`Unsafe file name in the zip: ${JSON.stringify(entry.name)}.`);
    }
    if (entry.name.endsWith('/')) continue;
    if (!wanted(entry.name)) {
      ignored.push(entry.name);
      continue;
    }
    const data = contentOf(r, entry, limits.inflatedBytes - inflated, limitText);
    inflated += data.length;
    files.push({ name: entry.name, data });
  }
  return { files, ignored };
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
};

/** MS-DOS date and time (1980-2107); the zip format knows no other. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

const MAX32 = 0xffff_ffff;
const MAX16 = 0xffff;

/**
 * A zip written as its files arrive, in constant memory but for its central directory (about
 * 100 bytes a file, packed into blocks): `add` writes one file (deflated with zlib, or stored
 * when that is smaller), `take` hands out what has been written, `end` writes the central
 * directory, in ZIP64 form when there are more than 65,535 files or 4 GiB (fflate's writer keeps
 * ~1 KB per file and has no ZIP64; notes exports reach 100,000 files). Each file's size is known
 * before it is written (a note is at most 100,000 characters), so no data descriptors.
 */
export class ZipWriter {
  #out: Buffer[] = [];
  #directory: Buffer[] = [];
  #pending: Buffer[] = [];
  #offset = 0;
  #entries = 0;

  /** Adds a file; its deflating runs on libuv's thread pool, not on the event loop. */
  async add(name: string, text: string, mtime = new Date()): Promise<void> {
    const raw = Buffer.from(text, 'utf8');
    const deflated = await deflate(raw);
    const stored = deflated.length >= raw.length;
    const data = stored ? raw : deflated;
    const fileName = Buffer.from(name, 'utf8');
    const dos = dosDateTime(Number.isNaN(mtime.getTime()) ? new Date() : mtime);
    const crc = crc32(raw);
    // The fields local and central headers share: version 2.0, UTF-8 names (bit 11), deflate
    // (8) or stored (0), time, date, crc, sizes, name length. Written in place: no small buffers.
    const common = (b: Buffer, at: number) => {
      b.writeUInt16LE(20, at);
      b.writeUInt16LE(0x0800, at + 2);
      b.writeUInt16LE(stored ? 0 : 8, at + 4);
      b.writeUInt16LE(dos.time, at + 6);
      b.writeUInt16LE(dos.date, at + 8);
      b.writeUInt32LE(crc >>> 0, at + 10);
      b.writeUInt32LE(data.length, at + 14);
      b.writeUInt32LE(raw.length, at + 18);
      b.writeUInt16LE(fileName.length, at + 22);
    };
    const local = Buffer.alloc(30 + fileName.length);
    local.writeUInt32LE(0x04034b50, 0);
    common(local, 4);
    fileName.copy(local, 30);
    const far = this.#offset >= MAX32;
    const central = Buffer.alloc(46 + fileName.length + (far ? 12 : 0));
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(45, 4);
    common(central, 6);
    central.writeUInt16LE(far ? 12 : 0, 30);
    central.writeUInt32LE(far ? MAX32 : this.#offset, 42);
    fileName.copy(central, 46);
    if (far) {
      central.writeUInt16LE(0x0001, 46 + fileName.length);
      central.writeUInt16LE(8, 48 + fileName.length);
      central.writeBigUInt64LE(BigInt(this.#offset), 50 + fileName.length);
    }
    this.#pending.push(central);
    if (this.#pending.length >= 512) this.#pack();
    this.#out.push(local, data);
    this.#offset += local.length + data.length;
    this.#entries += 1;
  }

  #pack() {
    this.#directory.push(Buffer.concat(this.#pending));
    this.#pending = [];
  }

  end(): void {
    this.#pack();
    const directory = Buffer.concat(this.#directory);
    this.#directory = [];
    const start = this.#offset;
    this.#out.push(directory);
    this.#offset += directory.length;
    const zip64 = this.#entries > MAX16 || start >= MAX32 || directory.length >= MAX32;
    if (zip64) {
      const record = Buffer.concat([
        u32(0x06064b50),
        u64(44),
        u16(45),
        u16(45),
        u32(0),
        u32(0),
        u64(this.#entries),
        u64(this.#entries),
        u64(directory.length),
        u64(start),
      ]);
      const locator = Buffer.concat([u32(0x07064b50), u32(0), u64(this.#offset), u32(1)]);
      this.#out.push(record, locator);
    }
    const count = Math.min(this.#entries, MAX16);
    this.#out.push(
      Buffer.concat([
        u32(0x06054b50),
        u16(0),
        u16(0),
        u16(count),
        u16(count),
        u32(Math.min(directory.length, MAX32)),
        u32(zip64 ? MAX32 : start),
        u16(0),
      ]),
    );
  }

  take(): Buffer | undefined {
    if (this.#out.length === 0) return undefined;
    const chunk = Buffer.concat(this.#out);
    this.#out = [];
    return chunk;
  }
}
