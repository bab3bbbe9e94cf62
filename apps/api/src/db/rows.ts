import { type AliasedRawBuilder, type Generated, sql } from 'kysely';
import type { z } from 'zod';
import { type JsonField, type JsonKind, jsonObjectSql, sqlName } from './json-sql';

type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/** Where one key of a contract schema is stored. */
export interface FieldSource {
  kind: JsonKind;
  /** The column, when it is not named as the key (writable keys always are). */
  column?: string;
  /** The database fills it when an insert leaves it out (a sequence or a default). */
  generated?: true;
}

/** A source for every key of the contract's schema: a key left out fails to compile. */
export type FieldSources<S extends ObjectSchema> = {
  readonly [K in keyof z.output<S>]-?: FieldSource;
};

/**
 * One resource's row: its table, the contract schema of its API shape, and where each key is
 * stored. The key order, the types and which keys may be null come from the contract; the
 * Kysely table type (db/types.ts), the JSON the database writes for lists and single rows, and
 * the columns read are all derived from here, so a field is written down once (ADR 0008).
 */
export interface RowDef<
  S extends ObjectSchema = ObjectSchema,
  F extends FieldSources<S> = FieldSources<S>,
  T extends string = string,
> {
  readonly table: T;
  readonly schema: S;
  readonly sources: F;
  /** The API shape's keys in the contract's order, with their columns and kinds. */
  readonly fields: readonly JsonField[];
  /** `select`/`returning` item: the row as its JSON text, aliased `json`. */
  readonly json: AliasedRawBuilder<string, 'json'>;
}

export function defineRow<
  const T extends string,
  S extends ObjectSchema,
  const F extends FieldSources<S>,
>(table: T, schema: S, sources: F): RowDef<S, F, T> {
  const fields = Object.keys(schema.shape).map((key): JsonField => {
    const source = (sources as Record<string, FieldSource>)[key] as FieldSource;
    return {
      key,
      column: source.column ?? key,
      kind: source.kind,
      nullable: (schema.shape[key] as z.ZodTypeAny).isNullable(),
      optional: (schema.shape[key] as z.ZodTypeAny).isOptional(),
    };
  });
  return {
    table: sqlName(table) as T,
    schema,
    sources,
    fields,
    json: sql<string>`${sql.raw(jsonObjectSql(table, fields))}`.as('json'),
  };
}

/** The API object of a resource row. */
export type RowOf<R extends RowDef> = z.output<R['schema']>;

/** The API object of a row read with `row.json` (the JSON the lists use too), if there is one. */
export function parseRow<R extends RowDef>(row: R, found: { json: string }): RowOf<R>;
export function parseRow<R extends RowDef>(
  row: R,
  found: { json: string } | undefined,
): RowOf<R> | undefined;
export function parseRow<R extends RowDef>(
  _row: R,
  found: { json: string } | undefined,
): RowOf<R> | undefined {
  return found === undefined ? undefined : (JSON.parse(found.json) as RowOf<R>);
}

type ColumnOf<K, F> = F extends { column: infer C extends string } ? C : K;
/** A key the API leaves out when it has no value is a nullable column. */
type Stored<T> = undefined extends T ? Exclude<T, undefined> | null : T;
type ValueOf<T, F> = F extends { generated: true } ? Generated<Stored<T>> : Stored<T>;

/** The Kysely table type of a row definition: its columns with the contract's value types. */
export type TableOf<R> =
  R extends RowDef<infer S, infer F, string>
    ? { [K in keyof F & string as ColumnOf<K, F[K]>]: ValueOf<z.output<S>[K], F[K]> }
    : never;
