/** A `\uD800`-`\uDFFF` escape: the only way a lone surrogate gets into a parsed body. */
export const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const fixText = (text: string) => text.replace(LONE_SURROGATE, '\ufffd');

/**
 * Replaces lone surrogates (text no UTF-8 can hold) by U+FFFD in every string and key of a
 * parsed body, in place and without recursion (bodies may nest deeply), as the `pg` driver does
 * on its way to Postgres. PGlite instead sent malformed UTF-8 and the request failed with a 500.
 */
export function wellFormed(root: unknown): unknown {
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
