/**
 * An answer that carries a secret (tokens, a feed's URL, a password shown once) must never be
 * kept by a browser's or a proxy's cache.
 */
export function noStore(reply: { header(key: string, value: string): unknown }): void {
  reply.header('cache-control', 'no-store');
}
