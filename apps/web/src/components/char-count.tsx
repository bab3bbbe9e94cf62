/** From how close to the limit the count shows (a share of the limit, at least 10 characters). */
const SHOW_FROM = 0.2;

/**
 * "12 characters left" under a length-limited field, once the limit nears (the field's own
 * `maxLength` stops the typing; this says why). Announced politely, as the user types.
 */
export function charsLeftHint(value: string, max: number): string {
  const left = max - [...value].length;
  if (left > Math.max(10, Math.round(max * SHOW_FROM))) return '';
  return left === 1 ? '1 character left' : `${Math.max(0, left)} characters left`;
}
