import {
  ExportDocumentSchema,
  ExportEventSchema,
  ExportNoteSchema,
  ExportTodoSchema,
  type FieldErrors,
  TRANSFER_LIMITS,
  zodToFieldErrors,
} from '@prodify/contract';
import secureJson from 'secure-json-parse';
import { z } from 'zod';
import { SURROGATE_ESCAPE, wellFormed } from '../../lib/well-formed';
import type { ImportItems } from './import-items';
import { jsonErrorOffset } from './json-position';

/** A file the JSON import refuses as a whole: answered 400 with `{detail}`. */
export class JsonFileError extends Error {}

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Checks a JSON text's shape before it is parsed, in one pass over its bytes without building
 * anything: at most `TRANSFER_LIMITS.jsonDepth` levels of nesting and `jsonContainers` arrays and
 * objects in all. A document of millions of `{}` would otherwise cost gigabytes once parsed.
 * Strings are skipped (a `{` inside one is text); malformed JSON passes here and fails in parse.
 */
export function checkJsonShape(
  bytes: Uint8Array,
  limits: { jsonDepth: number; jsonContainers: number } = TRANSFER_LIMITS,
): void {
  let depth = 0;
  let containers = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    if (byte === QUOTE) inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      depth++;
      containers++;
      if (depth > limits.jsonDepth) {
        throw new JsonFileError(
          `This file nests more than ${limits.jsonDepth} levels deep: it is not a Prodify export.`,
        );
      }
      if (containers > limits.jsonContainers) {
        throw new JsonFileError(
          `This file holds more than ${limits.jsonContainers} objects and lists: split it into smaller files.`,
        );
      }
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) depth--;
  }
}

/** The 1-based line and column of a character offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/**
 * A JSON file's value: its shape checked first (`checkJsonShape`), `__proto__` and
 * `constructor.prototype` keys refused as Fastify's own JSON parser does, lone surrogates
 * replaced. A malformed file says where: "This file is not valid JSON (line 3, column 14)."
 */
export function parseJsonFile(bytes: Uint8Array): unknown {
  checkJsonShape(bytes);
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\ufeff/, '');
  if (text.trim() === '') throw new JsonFileError('This file is empty.');
  let value: unknown;
  try {
    value = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    if (!(error instanceof SyntaxError)) {
      // secure-json-parse refuses a valid document holding __proto__ or constructor.prototype.
      throw new JsonFileError('This file holds a forbidden key (__proto__ or constructor).');
    }
    const at = lineAndColumn(text, jsonErrorOffset(text));
    throw new JsonFileError(`This file is not valid JSON (line ${at.line}, column ${at.column}).`);
  }
  return SURROGATE_ESCAPE.test(text) ? wellFormed(value) : value;
}

/** The document without its lists: the head is checked whole, the items one by one. */
const HeadSchema = ExportDocumentSchema.extend({
  notes: z.array(z.unknown()).max(TRANSFER_LIMITS.importItems, tooMany()),
  todos: z.array(z.unknown()).max(TRANSFER_LIMITS.importItems, tooMany()),
  events: z.array(z.unknown()).max(TRANSFER_LIMITS.importItems, tooMany()),
});

function tooMany() {
  return `Ensure this field has no more than ${TRANSFER_LIMITS.importItems} elements.`;
}

const ITEM_SCHEMAS = {
  notes: ExportNoteSchema,
  todos: ExportTodoSchema,
  events: ExportEventSchema,
} as const;

type Head = z.output<typeof HeadSchema>;
type Items = {
  notes: z.output<typeof ExportNoteSchema>[];
  todos: z.output<typeof ExportTodoSchema>[];
  events: z.output<typeof ExportEventSchema>[];
};

/**
 * Validates a prodify-export document as the contract's ExportDocumentSchema would, but item
 * by item and stopping once `TRANSFER_LIMITS.errors` fields have errors: the answer names the same
 * first fields (`notes.3.title`, `version`), and a file of a million bad items costs no more
 * than one of fifty.
 */
function validate(body: unknown): { ok: true; items: Items } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const full = () => Object.keys(errors).length >= TRANSFER_LIMITS.errors;
  const add = (error: z.ZodError, prefix: (string | number)[]) => {
    for (const [key, messages] of Object.entries(zodToFieldErrors(error))) {
      const path = key === 'non_field_errors' ? prefix.join('.') : [...prefix, key].join('.');
      const name = path || 'non_field_errors';
      const list = errors[name] ?? [];
      for (const message of messages) if (!list.includes(message)) list.push(message);
      errors[name] = list;
    }
  };
  const head = HeadSchema.safeParse(body);
  if (!head.success) add(head.error, []);
  const lists = head.success ? head.data : (body as Partial<Head> | null);
  const items: Items = { notes: [], todos: [], events: [] };
  for (const kind of ['notes', 'todos', 'events'] as const) {
    const list = lists?.[kind];
    if (!Array.isArray(list) || list.length > TRANSFER_LIMITS.importItems) continue;
    const schema = ITEM_SCHEMAS[kind] as z.ZodTypeAny;
    for (let i = 0; i < list.length && !full(); i++) {
      const item = schema.safeParse(list[i]);
      if (item.success) (items[kind] as unknown[]).push(item.data);
      else add(item.error, [kind, i]);
    }
  }
  const exceptions = items.events.reduce((n, e) => n + (e.exceptions?.length ?? 0), 0);
  if (exceptions > TRANSFER_LIMITS.importExceptions) {
    errors.events = [
      `Ensure the events carry no more than ${TRANSFER_LIMITS.importExceptions} changed occurrences in all.`,
    ];
  }
  const names = Object.keys(errors);
  if (names.length > 0) {
    return {
      ok: false,
      errors: Object.fromEntries(
        names.slice(0, TRANSFER_LIMITS.errors).map((n) => [n, errors[n] as string[]]),
      ),
    };
  }
  return { ok: true, items };
}

/**
 * An item's source key: its id and creation time where it was exported (unique enough). The
 * Markdown export's front matter carries both, so a note imported from either file is the
 * same note to the other (markdown.ts).
 */
export const sourceOf = (item: { id: number; created_at: string }) =>
  `json:${item.id}@${item.created_at}`;

const own = (item: { id: number; created_at: string }) => ({
  id: item.id,
  created_at: item.created_at,
});

/**
 * A prodify-export document as the rows to add, or DRF field errors naming what is wrong
 * (`notes.3.title`, `version`): a document with any error imports nothing.
 */
export function itemsFromDocument(
  body: unknown,
): { ok: true; items: ImportItems } | { ok: false; errors: FieldErrors } {
  const checked = validate(body);
  if (!checked.ok) return checked;
  const doc = checked.items;
  // Each item's own fields are its columns (import-rows.ts), whatever fields it has.
  const sourced = <T extends { id: number; created_at: string }>({ id: _, ...fields }: T) => ({
    source: sourceOf({ id: _, created_at: fields.created_at }),
    own: own({ id: _, created_at: fields.created_at }),
    ...fields,
  });
  return {
    ok: true,
    items: {
      notes: doc.notes.map(sourced),
      todos: doc.todos.map(sourced),
      events: doc.events.map(sourced),
    },
  };
}
