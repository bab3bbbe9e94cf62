import { crc32, deflateRawSync } from 'node:zlib';
import { DATA_LIMITS } from '@prodify/contract';
import { Unzip, UnzipInflate } from 'fflate';

/** A zip that must not be read: its whole import is refused with this message. */
export class HostileZipError extends Error {}

export interface ZipLimits {
  inflatedBytes: number;
  entries: number;
}

const DEFAULT_LIMITS: ZipLimits = {
  inflatedBytes: DATA_LIMITS.zipInflatedBytes,
  entries: DATA_LIMITS.zipEntries,
};

/** Bytes handed to the inflater at a time: what one step may inflate to is bounded by it. */
const STEP = 16 * 1024;

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

/**
 * The files of a zip, with its folders left out. Refuses (HostileZipError) a zip that is not
 * one, has an entry whose name climbs out (`../`, `/abs`, `C:`), holds more than
 * `limits.entries` entries, or inflates past `limits.inflatedBytes` in all: the data is fed to
 * the inflater in small steps and the count is checked after each, so a zip bomb stops early
 * whatever sizes its headers claim. `wanted` picks the files to inflate; others are only counted.
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

  const files: ZipFile[] = [];
  const ignored: string[] = [];
  let entries = 0;
  let inflated = 0;
  let failure: Error | undefined;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    if (failure) return;
    entries += 1;
    if (entries > limits.entries) {
      failure = new HostileZipError(`The zip holds more than ${limits.entries} files.`);
      return;
    }
    if (unsafeName(file.name)) {
      failure = new HostileZipError(`Unsafe file name in the zip: ${JSON.stringify(file.name)}.`);
      return;
    }
    if (file.name.endsWith('/')) return;
    if (!wanted(file.name)) {
      ignored.push(file.name);
      return;
    }
    const chunks: Uint8Array[] = [];
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new HostileZipError(`Cannot read ${file.name} in the zip: ${error.message}`);
        return;
      }
      inflated += chunk.length;
      if (inflated > limits.inflatedBytes) {
        failure = new HostileZipError(
          `The zip inflates to more than ${limits.inflatedBytes / 1024 / 1024} MiB.`,
        );
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) files.push({ name: file.name, data: concat(chunks) });
    };
    try {
      file.start();
    } catch (error) {
      failure = new HostileZipError(
        `Cannot read ${file.name} in the zip: ${(error as Error).message}`,
      );
    }
  };
  try {
    for (let at = 0; at < buffer.length && !failure; at += STEP) {
      const end = Math.min(at + STEP, buffer.length);
      unzip.push(buffer.subarray(at, end), end === buffer.length);
    }
  } catch (error) {
    failure ??= new HostileZipError(`This zip cannot be read: ${(error as Error).message}`);
  }
  if (failure) throw failure;
  return { files, ignored };
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
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

  add(name: string, text: string, mtime = new Date()): void {
    const raw = Buffer.from(text, 'utf8');
    const deflated = deflateRawSync(raw);
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
