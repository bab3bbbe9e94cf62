/**
 * Rows written as JSON text by the database (ADR 0402): Postgres writes the answer's bytes, the
 * same bytes JSON.stringify writes for the values, and the API sends them as they are. Decoding
 * rows in the driver and serializing them again was most of a list request's CPU time.
 *
 * Everything interpolated as raw SQL here is a constant of the row definitions (db/tables.ts),
 * table, column and key names checked against a pattern; values are always bound parameters.
 */

export type JsonKind = 'int' | 'text' | 'bool' | 'date' | 'time' | 'timestamptz';

export interface JsonField {
  /** The key in the JSON object. */
  key: string;
  column: string;
  kind: JsonKind;
  nullable: boolean;
}

export interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc';
  nulls?: 'first' | 'last';
  /** Order by the value's place in this list (e.g. priorities by importance), not the value. */
  rank?: readonly string[];
}

const CONSTANT = /^[A-Za-z0-9_]+$/;

/** A column, or its value's place in a list of plain constants. */
function orderValueSql(ref: string, rank: readonly string[] | undefined): string {
  if (!rank) return ref;
  const values = rank.map((value) => {
    if (!CONSTANT.test(value)) throw new Error(`not a plain constant: ${value}`);
    return `'${value}'`;
  });
  return `array_position(array[${values.join(', ')}]::text[], ${ref}::text)`;
}

const NAME = /^[a-z_][a-z0-9_]*$/;

/** A plain SQL name, or a thrown error: nothing else may be interpolated as raw SQL. */
export function sqlName(value: string): string {
  if (!NAME.test(value)) throw new Error(`not a plain SQL name: ${value}`);
  return value;
}

/** Postgres' own JSON escaping of a value, as JSON.stringify escapes it. */
export function valueSql(ref: string, kind: JsonKind): string {
  switch (kind) {
    case 'int':
      return `(${ref})::text`;
    case 'bool':
      return `case when ${ref} then 'true' when not ${ref} then 'false' end`;
    case 'text':
    case 'date':
    case 'time':
      // to_json writes dates and times in ISO form whatever the session's DateStyle.
      return `to_json(${ref})::text`;
    case 'timestamptz': {
      // DRF's form, as db/type-parsers.ts writes it: six fraction digits, none when all zero.
      const utc = `(${ref} at time zone 'UTC')`;
      return (
        `'"' || to_char(${utc}, 'YYYY-MM-DD"T"HH24:MI:SS') || ` +
        `case when to_char(${utc}, 'US') = '000000' then '' else '.' || to_char(${utc}, 'US') end || 'Z"'`
      );
    }
  }
}

/** A SQL expression giving one row of `alias` as a JSON object text, keys in the given order. */
export function jsonObjectSql(alias: string, fields: readonly JsonField[]): string {
  const parts = fields.map((field, i) => {
    const ref = `${sqlName(alias)}.${sqlName(field.column)}`;
    const prefix = `${i === 0 ? '{' : ','}"${sqlName(field.key)}":`;
    const value = valueSql(ref, field.kind);
    return `'${prefix}' || ${field.nullable ? `coalesce(${value}, 'null')` : value}`;
  });
  return `(${parts.join(' || ')} || '}')`;
}

export function orderSql(alias: string | undefined, order: readonly OrderTerm[]): string {
  return order
    .map(
      (t) =>
        `${orderValueSql(`${alias ? `${sqlName(alias)}.` : ''}${sqlName(t.column)}`, t.rank)} ${t.direction}${t.nulls ? ` nulls ${t.nulls}` : ''}`,
    )
    .join(', ');
}

/** The same order read from the other end. */
export function reversed(order: readonly OrderTerm[]): OrderTerm[] {
  return order.map((t) => ({
    ...t,
    direction: t.direction === 'asc' ? 'desc' : 'asc',
    // Postgres puts nulls last ascending and first descending unless told otherwise.
    nulls: (t.nulls ?? (t.direction === 'asc' ? 'last' : 'first')) === 'last' ? 'first' : 'last',
  }));
}
