import { endSession, refreshAccess } from './api';
import { ApiError } from './errors';
import { getAccess } from './tokens';

/*
 * Files to and from signed-in routes that the typed client cannot carry: downloads (a zip is
 * not JSON) and uploads with progress (fetch reports none). Same token rules as the client:
 * the bearer on every request, one renewal and retry after a 401, then the session ends.
 * Why a Blob and an object URL rather than a link: docs/decisions/0209-web-transfer.md.
 */

interface Answer {
  status: number;
  body: unknown;
}

async function withToken<T extends { status: number }>(
  send: (token: string | null) => Promise<T>,
): Promise<T> {
  const sentWith = getAccess();
  const first = await send(sentWith);
  if (first.status !== 401) return first;
  // Another request may have renewed the token meanwhile.
  const current = getAccess();
  const fresh = current && current !== sentWith ? current : await refreshAccess();
  const last = fresh ? await send(fresh) : first;
  if (last.status === 401) endSession();
  return last;
}

function parseBody(text: string, contentType: string | null): unknown {
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * The file name a `Content-Disposition` header gives (RFC 6266: `filename*` wins over
 * `filename`), without any directory part; `fallback` when there is none.
 */
export function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(disposition);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim());
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(disposition);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base && base !== '.' && base !== '..' ? base : fallback;
}

/** Hands `blob` to the browser as a download named `name`. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after the click returns; a minute is ample for it to start.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a signed-in route's answer as a file, named by the server's `Content-Disposition`.
 * Any status but 200 throws an ApiError with the server's body. Resolves to the file name.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const res = await withToken((token) =>
    fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} }),
  );
  if (res.status !== 200) {
    throw new ApiError(res.status, parseBody(await res.text(), res.headers.get('content-type')));
  }
  const name = filenameFrom(res.headers.get('content-disposition'), fallbackName);
  saveBlob(await res.blob(), name);
  return name;
}

export interface Progress {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes to send. */
  total: number;
}

function sendOnce(
  path: string,
  file: Blob,
  contentType: string,
  token: string | null,
  onProgress: (progress: Progress) => void,
  signal?: AbortSignal,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.open('POST', path);
    xhr.setRequestHeader('content-type', contentType);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    // Every byte is out: the server is working on it now (not all browsers send a last progress).
    xhr.upload.onload = () => onProgress({ loaded: file.size, total: file.size });
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        body: parseBody(xhr.responseText, xhr.getResponseHeader('content-type')),
      });
    xhr.onerror = () =>
      reject(new TypeError('The upload failed: the server could not be reached.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    onProgress({ loaded: 0, total: file.size });
    xhr.send(file);
  });
}

/**
 * POSTs `file` as the body of a signed-in route, reporting the bytes sent (XMLHttpRequest: fetch
 * has no upload progress). Resolves to the status and the parsed body of any answer; `signal`
 * aborts it (an AbortError).
 */
export function uploadFile(
  path: string,
  file: Blob,
  contentType: string,
  onProgress: (progress: Progress) => void,
  signal?: AbortSignal,
): Promise<Answer> {
  return withToken((token) => sendOnce(path, file, contentType, token, onProgress, signal));
}
