import { DATA_LIMITS } from '@prodify/contract';
import { strToU8, Unzip, UnzipInflate, Zip, ZipDeflate } from 'fflate';

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

/**
 * A zip written as its files arrive: `add` queues a file, `take` hands out what has been
 * written so far (for a stream to send), `end` finishes the central directory.
 */
export class ZipWriter {
  readonly #zip: Zip;
  #out: Uint8Array[] = [];
  #error: Error | undefined;

  constructor() {
    this.#zip = new Zip((error, chunk) => {
      if (error) this.#error = error;
      else this.#out.push(chunk);
    });
  }

  add(name: string, text: string, mtime?: Date): void {
    const year = mtime?.getUTCFullYear() ?? 0;
    const file = new ZipDeflate(name, {
      level: 6,
      // The zip format's dates run from 1980 to 2099.
      ...(mtime && year >= 1980 && year <= 2099 ? { mtime } : {}),
    });
    this.#zip.add(file);
    file.push(strToU8(text), true);
    if (this.#error) throw this.#error;
  }

  end(): void {
    this.#zip.end();
    if (this.#error) throw this.#error;
  }

  take(): Buffer | undefined {
    if (this.#out.length === 0) return undefined;
    const chunk = Buffer.concat(this.#out);
    this.#out = [];
    return chunk;
  }
}
