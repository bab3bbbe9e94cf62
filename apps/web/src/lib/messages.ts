/**
 * Every message in an error body, in order, joined with spaces: DRF field errors
 * (`{"field": ["a", "b"]}`), `{detail}`, `{error}` or a plain string. Machine-readable
 * fields (`code`, SimpleJWT's `messages` objects) are left out. Empty when there is none.
 */
export function joinMessages(body: unknown): string {
  const out: string[] = [];
  const visit = (value: unknown, key?: string) => {
    if (key === 'code') return;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text) out.push(text);
    } else if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'string') visit(item);
    } else if (value && typeof value === 'object' && key === undefined) {
      for (const [k, v] of Object.entries(value)) visit(v, k);
    }
  };
  visit(body);
  return out.join(' ');
}

/** `detail` of an error body, when it has one. */
export function detailOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'detail' in body) {
    const detail = (body as { detail: unknown }).detail;
    if (typeof detail === 'string' && detail.trim()) return detail;
  }
  return undefined;
}
