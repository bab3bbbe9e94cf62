import { type RawBuilder, sql } from 'kysely';

/**
 * `?search=` terms as SQL (ADR 0410): DRF's SearchFilter keeps a row when every term is a
 * substring of one of its fields, ignoring case; here accents too. Both sides go through
 * `prodify_search_text` (migration 202611260110), the expression the trigram indexes are built
 * on, and the term's LIKE wildcards (`%`, `_`, `\`) are escaped, so they match literally.
 */

/** `%term%` as a LIKE pattern of the normalized term. */
function patternSql(term: string): RawBuilder<string> {
  return sql<string>`'%' || replace(replace(replace(prodify_search_text(${term}),
    '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
}

/** Every term is in `text` (an SQL expression over the row, as the index has it). */
export function allTermsIn(
  text: RawBuilder<string>,
  terms: readonly string[],
): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(
    terms.map((term) => sql`prodify_search_text(${text}) like ${patternSql(term)}`),
    sql` and `,
  )})`;
}
