import fp from 'fastify-plugin';

export const BODY_LIMIT = 1024 * 1024;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** A malformed JSON body: answered 400 with DRF's "JSON parse error - ..." (plugins/errors.ts). */
export class JsonParseError extends Error {
  readonly statusCode = 400;
  readonly code = 'PRODIFY_JSON_PARSE';
}

/** A `\uD800`-`\uDFFF` escape: the only way a lone surrogate gets into a parsed body. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const fixText = (text: string) => text.replace(LONE_SURROGATE, '\ufffd');

/**
 * Replaces lone surrogates (text no UTF-8 can hold) by U+FFFD in every string and key of a
 * parsed body, in place and without recursion (bodies may nest deeply), as the `pg` driver does
 * on its way to Postgres. PGlite instead sent malformed UTF-8 and the request failed with a 500.
 */
function wellFormed(root: unknown): unknown {
  if (typeof root === 'string') return fixText(root);
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      const fixedKey = fixText(key);
      if (fixedKey !== key) delete record[key];
      Object.defineProperty(record, fixedKey, {
        value: typeof value === 'string' ? fixText(value) : value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
  return root;
}

/**
 * JSON request bodies, the only kind accepted (anything else is a 415): an empty body is `{}`
 * (DRF treats it as no data, so the answer names the missing fields); any other JSON value is
 * handed to the contract as it is, which answers DRF's 400 for one that is not an object.
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        if (text.trim() === '') return done(null, {});
        parseJson(request, text, (error, value) => {
          if (error) return done(new JsonParseError(`JSON parse error - ${error.message}`));
          done(null, SURROGATE_ESCAPE.test(text) ? wellFormed(value) : value);
        });
      },
    );

    // A POST/PUT/PATCH without a body at all validates as `{}`, as an empty one does.
    app.addHook('preValidation', async (request) => {
      if (BODY_METHODS.has(request.method) && request.body === undefined) request.body = {};
    });
  },
  { name: 'json-body' },
);
