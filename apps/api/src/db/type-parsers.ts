/**
 * How both drivers turn Postgres text values into JavaScript. Without these, `pg` and PGlite
 * disagree (dates become local-time Date objects, int8 a string on one side), and DRF's
 * timestamp format is lost.
 */
export const OID = {
  int8: 20,
  date: 1082,
  time: 1083,
  timestamp: 1114,
  timestamptz: 1184,
} as const;

const TIMESTAMPTZ =
  /^(\d{4,})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?([+-]\d{2})(?::?(\d{2}))?(?::?(\d{2}))?$/;

/**
 * Postgres' `2026-11-21 14:45:20.277636+00` as DRF writes it: `2026-11-21T14:45:20.277636Z`.
 * Python's isoformat() prints six fraction digits, or none when the microseconds are zero.
 * The session time zone is UTC on both drivers; another offset is converted, not trusted.
 */
export function formatTimestamptz(value: string): string {
  const m = TIMESTAMPTZ.exec(value);
  if (!m) return value; // infinity, BC dates: never produced by this app, passed through
  const [, y, mo, d, h, mi, s, frac = '', offH = '+00', offM = '00', offS = '00'] = m;
  const micros = frac.padEnd(6, '0');
  const fraction = /^0+$/.test(micros) ? '' : `.${micros}`;
  const offsetSeconds =
    Math.sign(Number(offH)) * (Math.abs(Number(offH)) * 3600 + Number(offM) * 60 + Number(offS)) ||
    0;
  if (offsetSeconds === 0) return `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction}Z`;
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const utc = new Date(local - offsetSeconds * 1000).toISOString().slice(0, 19);
  return `${utc}${fraction}Z`;
}

const asIs = (value: string) => value;

/** Parsers keyed by type OID, for both `pg` (getTypeParser) and PGlite (`parsers`). */
export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  [OID.int8]: (value) => Number(value),
  [OID.date]: asIs,
  [OID.time]: asIs,
  [OID.timestamp]: asIs,
  [OID.timestamptz]: formatTimestamptz,
};
