/**
 * Which route takes a chosen file, and as what Content-Type. Browsers guess `File.type` from the
 * extension and leave it blank for `.md` on many systems, so the extension decides and the type
 * is the fallback.
 */
export interface ImportKind {
  /** What the user picked, in words. */
  label: string;
  path: '/api/import/' | '/api/calendar/import/';
  contentType: string;
}

const BY_EXTENSION: Record<string, ImportKind> = {
  json: { label: 'Prodify export (JSON)', path: '/api/import/', contentType: 'application/json' },
  zip: { label: 'Markdown notes (zip)', path: '/api/import/', contentType: 'application/zip' },
  md: { label: 'Markdown note', path: '/api/import/', contentType: 'text/markdown' },
  markdown: { label: 'Markdown note', path: '/api/import/', contentType: 'text/markdown' },
  ics: {
    label: 'Calendar (iCalendar)',
    path: '/api/calendar/import/',
    contentType: 'text/calendar',
  },
};

const BY_TYPE: Record<string, string> = {
  'application/json': 'json',
  'application/zip': 'zip',
  'application/x-zip-compressed': 'zip',
  'text/markdown': 'md',
  'text/x-markdown': 'md',
  'text/calendar': 'ics',
};

/** The `accept` list of the file picker. */
export const ACCEPTED_FILES =
  '.json,.zip,.md,.markdown,.ics,application/json,application/zip,text/markdown,text/calendar';

/** The kind of a file by its name, else its type; undefined when it is none of ours. */
export function importKindOf(file: { name: string; type: string }): ImportKind | undefined {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  const key = (extension && BY_EXTENSION[extension] ? extension : undefined) ?? BY_TYPE[file.type];
  return key ? BY_EXTENSION[key] : undefined;
}

/** A file size in words: "812 bytes", "1.4 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
