import {
  DateSchema,
  EventBodySchema,
  IdParamSchema,
  LIMITS,
  RRuleInputSchema,
  TimeInputSchema,
  UsernameSchema,
} from '@prodify/contract';
import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries derived from the contract's zod schemas: for each field, values that
 * fit its type and limits (often right at a limit) mixed with hostile ones of every kind.
 */

// ---- Hostile building blocks ------------------------------------------------------------------

export const SQL_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "') UNION SELECT password_hash, 1, 1 FROM users --",
  "1' AND pg_sleep(5) --",
  '%',
  '_',
  '\\',
  '$1',
  "E'\\\\x00'",
  '$$; select 1; $$',
  '*/ /*',
];

export const UNICODE_STRINGS = [
  '\ud800', // lone high surrogate
  '\udfff', // lone low surrogate
  'a\ud83d', // emoji cut in half
  '\u202egnp.exe', // right-to-left override
  '\u200f\u200e\u061c',
  'e\u0301\u0301\u0301\u0301\u0301',
  'Z\u0335\u0321\u0322\u0327\u0328\u0334\u0336\u0337\u0338\u0340\u0341',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\ufeffBOM',
  '\uffff\ufffe',
  'line\u2028sep\u2029',
  '１２３', // full-width digits
  '٣٤', // Arabic-Indic digits
  'İıſK', // case-mapping oddities
  '\u0000',
  'a\u0000b',
  '\u0001\u001f\u007f',
  ' \t\n\r ',
];

export const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '__defineGetter__',
  'valueOf',
];

export const NUMBER_STRINGS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '1e3',
  '0x10',
  '0b1',
  '1.5',
  '1,5',
  '9007199254740993',
  '2147483647',
  '2147483648',
  '99999999999999999999999',
  ' 1',
  '+1',
  '1 ',
  '',
  '00000000001',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
];

export const DATE_STRINGS = [
  '2025-02-30',
  '2025-02-29',
  '2024-02-29',
  '1900-02-29',
  '2000-02-29',
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '10000-01-01',
  '-0001-01-01',
  '2025-13-01',
  '2025-00-10',
  '2025-01-32',
  '2025-1-1',
  '2025-01-01T00:00:00Z',
  '2025/01/01',
  '01-01-2025',
  '２０２５-01-01',
  'today',
  '',
];

export const TIME_STRINGS = [
  '24:00',
  '23:59:60',
  '12:00:00.000000',
  '7:05',
  '12:00 PM',
  '-01:00',
  '00:00',
  '23:59:59',
  '99:99',
  '',
];

/** Long strings around the contract's limits, and one over the 1 MB body limit. */
const LONG_STRINGS = fc
  .constantFrom(100, 101, 150, 151, 255, 256, 1024, 1025, 100_000, 100_001)
  .chain((n) => fc.constantFrom('x', 'é', '😀', ' ', "'").map((c) => c.repeat(n)));
const HUGE_STRING = fc.constant('y'.repeat(1_100_000));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SQL_STRINGS) },
  { weight: 4, arbitrary: fc.constantFrom(...UNICODE_STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBER_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...DATE_STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom(...TIME_STRINGS) },
  { weight: 2, arbitrary: LONG_STRINGS },
  { weight: 1, arbitrary: HUGE_STRING },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.string({
      unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
      maxLength: 4,
    }),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
);

/** An object whose keys may be `__proto__` and the like, as own enumerable properties. */
export function objectWith(entries: Array<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(out, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

const hostileNumber = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    -0,
    1.5,
    -1.5,
    2 ** 31,
    2 ** 31 - 1,
    2 ** 53 + 2,
    -(2 ** 53),
    1e308,
    -1e308,
    Number.MIN_VALUE,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any JSON value of a wrong kind: numbers out of range, objects, arrays, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: hostileString },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(
          fc.tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS, '$ne', '$gt', 'id')), tie('value')),
          {
            maxLength: 3,
          },
        )
        .map(objectWith),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 50, max: 2000 }).map((depth) => {
        let v: unknown = 'deep';
        for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
        return v;
      }),
    },
  ),
})).value;

// ---- From zod ---------------------------------------------------------------------------------

type AnyZod = z.ZodTypeAny;

/** Valid-looking values for the contract's named schemas, which zod's types alone cannot tell. */
const NAMED: Array<[AnyZod, fc.Arbitrary<unknown>]> = [
  [
    DateSchema,
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .date({
            min: new Date('0001-01-01T00:00:00Z'),
            max: new Date('9999-12-31T00:00:00Z'),
            noInvalidDate: true,
          })
          .map((d) => d.toISOString().slice(0, 10)),
      },
      { weight: 1, arbitrary: fc.constantFrom(...DATE_STRINGS) },
    ),
  ],
  [
    TimeInputSchema,
    fc.oneof(
      fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.boolean())
        .map(
          ([h, m, s]) =>
            `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}${s ? ':07' : ''}`,
        ),
      fc.constantFrom(...TIME_STRINGS),
    ),
  ],
  [
    UsernameSchema,
    fc.oneof(
      fc.stringMatching(/^[a-zA-Z0-9_@.+-]{1,20}$/),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
      fc.constantFrom('u'.repeat(150), 'u'.repeat(151), 'bad name!', 'ALICE'),
    ),
  ],
  [IdParamSchema, fc.integer({ min: -5, max: 40 })],
  [
    RRuleInputSchema,
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .tuple(
            fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
            fc.constantFrom('', ';INTERVAL=2', ';INTERVAL=999'),
            fc.constantFrom('', ';COUNT=1', ';COUNT=5000', ';UNTIL=20270101', ';UNTIL=00010101'),
          )
          .map(([freq, interval, end]) => `FREQ=${freq}${interval}${end}`),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'FREQ=MONTHLY;BYMONTHDAY=-1',
          'FREQ=MONTHLY;BYDAY=-1FR,2MO',
          'FREQ=WEEKLY;BYDAY=MO,TH;WKST=SU',
          'rrule:freq=yearly',
          'FREQ=HOURLY',
          'FREQ=DAILY;COUNT=0',
          'FREQ=DAILY;BYSETPOS=1',
          'FREQ=DAILY;;',
          '',
        ),
      },
    ),
  ],
  // Limits kept in refinements, which zod's string type does not show: right at them.
  ...(['description', 'location'] as const).map((key): [AnyZod, fc.Arbitrary<unknown>] => {
    const max = key === 'description' ? LIMITS.eventDescriptionMax : LIMITS.eventLocationMax;
    const schema = (EventBodySchema.shape[key] as z.ZodOptional<z.ZodNullable<AnyZod>>)
      .unwrap()
      .unwrap();
    return [
      schema,
      fc.oneof(
        { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
        { weight: 1, arbitrary: fc.constantFrom(max, max + 1).map((n) => 'm'.repeat(n)) },
        { weight: 1, arbitrary: fc.constantFrom('  # Heading\n\n- item  ', '   ', '') },
      ),
    ];
  }),
];

/** Strings that respect a string schema's length checks, often right at them. */
function stringsFor(schema: z.ZodString): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const lengths = [min, Math.max(0, min - 1), max, max + 1].filter((n) => n <= 200_000);
  return fc.oneof(
    { weight: 5, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 40) }) },
    {
      weight: 2,
      arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 20) }),
    },
    { weight: 1, arbitrary: fc.constantFrom(...lengths).map((n) => 'a'.repeat(n)) },
  );
}

function numbersFor(schema: z.ZodNumber): fc.Arbitrary<number> {
  const min = schema.minValue ?? -1000;
  const max = schema.maxValue ?? 1000;
  const edges = [min, min - 1, max, max + 1].filter(Number.isFinite);
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) }) },
    { weight: 1, arbitrary: fc.constantFrom(...edges) },
  );
}

/**
 * Values for a schema: mostly ones that fit it, sometimes hostile ones. `hostility` is the share
 * of hostile values at each field (0..1).
 */
export function fromZod(schema: AnyZod, hostility = 0.25): fc.Arbitrary<unknown> {
  const named = NAMED.find(([s]) => s === schema);
  const fitting = named ? named[1] : fitting_(schema, hostility);
  if (hostility <= 0) return fitting;
  const w = Math.round(hostility * 100);
  return fc.oneof({ weight: 100 - w, arbitrary: fitting }, { weight: w, arbitrary: hostileValue });
}

function fitting_(schema: AnyZod, hostility: number): fc.Arbitrary<unknown> {
  const def = schema._def as { typeName: z.ZodFirstPartyTypeKind } & Record<string, unknown>;
  switch (def.typeName) {
    case z.ZodFirstPartyTypeKind.ZodString:
      return stringsFor(schema as z.ZodString);
    case z.ZodFirstPartyTypeKind.ZodNumber:
      return numbersFor(schema as z.ZodNumber);
    case z.ZodFirstPartyTypeKind.ZodBoolean:
      return fc.boolean();
    case z.ZodFirstPartyTypeKind.ZodLiteral:
      return fc.constant((schema as z.ZodLiteral<unknown>).value);
    case z.ZodFirstPartyTypeKind.ZodEnum: {
      const options = (schema as z.ZodEnum<[string, ...string[]]>).options;
      const nearMisses = options.flatMap((o) => [o.toLowerCase(), ` ${o}`, `${o}${o}`]);
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...options) },
        { weight: 1, arbitrary: fc.constantFrom(...nearMisses) },
      );
    }
    case z.ZodFirstPartyTypeKind.ZodUnion:
      return fc.oneof(
        ...(schema as z.ZodUnion<[AnyZod, ...AnyZod[]]>).options.map((o) => fromZod(o, hostility)),
      );
    case z.ZodFirstPartyTypeKind.ZodOptional:
      return fc.option(fromZod((schema as z.ZodOptional<AnyZod>).unwrap(), hostility), {
        nil: undefined,
        freq: 4,
      });
    case z.ZodFirstPartyTypeKind.ZodNullable:
      return fc.option(fromZod((schema as z.ZodNullable<AnyZod>).unwrap(), hostility), {
        nil: null,
        freq: 4,
      });
    case z.ZodFirstPartyTypeKind.ZodDefault:
      return fromZod(def.innerType as AnyZod, hostility);
    case z.ZodFirstPartyTypeKind.ZodEffects:
      return fromZod(def.schema as AnyZod, hostility);
    case z.ZodFirstPartyTypeKind.ZodPipeline:
      return fromZod(def.in as AnyZod, hostility);
    case z.ZodFirstPartyTypeKind.ZodArray:
      return fc.array(fromZod(def.type as AnyZod, hostility), { maxLength: 4 });
    case z.ZodFirstPartyTypeKind.ZodObject:
      return objectFromZod(schema as z.AnyZodObject, hostility);
    default:
      // Types the request schemas do not use (yet): any value at all.
      return hostileValue;
  }
}

/** Owner, read-only and internal fields no request may set, sent alongside the real ones. */
export const FORBIDDEN_FIELDS = [
  'id',
  'user',
  'user_id',
  'author',
  'created_at',
  'updated_at',
  'summary',
  'token_version',
  'password_hash',
  'is_superuser',
  'is_staff',
];

/**
 * An object of the schema's fields (each present or left out, fitting or hostile), plus at times
 * extra keys: owner and read-only fields with plausible values (always), and with hostility,
 * prototype-pollution keys or random names with any value.
 */
export function objectFromZod(
  schema: z.AnyZodObject,
  hostility = 0.25,
): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.shape as Record<string, AnyZod>);
  const fieldArbs = fields.map(([key, value]) =>
    fc
      .option(fromZod(value, hostility), { nil: undefined, freq: 12 })
      .map((v) => [key, v] as const),
  );
  const plausible = fc.oneof(
    fc.integer({ min: 1, max: 40 }),
    fc.constantFrom('2000-01-01T00:00:00Z', 'injected', true, 999, 0, null),
  );
  const forbidden = fc.tuple(fc.constantFrom(...FORBIDDEN_FIELDS), plausible);
  const anyExtra = fc.tuple(
    fc.oneof(
      fc.constantFrom(...FORBIDDEN_FIELDS),
      fc.constantFrom(...PROTO_KEYS),
      fc.string({ maxLength: 12 }),
    ),
    hostileValue,
  );
  const extras = fc.array(hostility > 0 ? fc.oneof(forbidden, anyExtra) : forbidden, {
    maxLength: 3,
  });
  return fc
    .tuple(fc.tuple(...fieldArbs), extras)
    .map(([own, more]) =>
      objectWith([
        ...(own.filter(([, v]) => v !== undefined) as Array<[string, unknown]>),
        ...more,
      ]),
    );
}

/** The fields of an object schema, through the refinements around it (a query's rules). */
function shapeOf(schema: AnyZod | undefined): Record<string, AnyZod> {
  if (schema instanceof z.ZodEffects) return shapeOf(schema.innerType());
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, AnyZod>) : {};
}

/** A query string from a query schema: fitting and hostile values, repeated and odd keys. */
export function queryFromZod(schema: AnyZod | undefined): fc.Arbitrary<string> {
  const shape = shapeOf(schema);
  const keys = Object.keys(shape);
  const known: fc.Arbitrary<Array<readonly [string, string]>> = keys.length
    ? fc
        .constantFrom(...keys)
        .chain((k) =>
          fromZod(shape[k] as AnyZod, 0.3).map((v) => toQueryValues(v).map((x) => [k, x] as const)),
        )
    : fc.constant([]);
  const oddKey = fc.oneof(
    fc.constantFrom(...PROTO_KEYS),
    fc.string({ maxLength: 8 }),
    ...(keys.length
      ? [fc.constantFrom(...keys.flatMap((k) => [`${k}[]`, `${k}[0]`, `${k}.x`]))]
      : []),
  );
  const pair = fc.oneof(
    {
      weight: 4,
      arbitrary: known.map((pairs) =>
        pairs.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(oddKey, hostileString)
        .map(([k, v]) => [`${encodeSegment(k)}=${encodeSegment(v)}`]),
    },
    // Raw, partly invalid percent-encodings and bare keys.
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...keys, 'x'),
          fc.constantFrom('%', '%E0%A4%A', '%00', '%FF', '+', '&&', '=', ''),
        )
        .map(([k, v]) => [`${k}=${v}`, k]),
    },
  );
  return fc.array(pair, { maxLength: 4 }).map((parts) => parts.flat().join('&'));
}

/** A value as one or more query-string values (arrays repeat the key). */
function toQueryValues(value: unknown): string[] {
  if (value === undefined) return [''];
  if (Array.isArray(value))
    return value.slice(0, 3).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
  if (typeof value === 'string') return [value];
  return [JSON.stringify(value) ?? ''];
}

/** Lone surrogates cannot be percent-encoded; such a character becomes U+FFFD in a URL. */
export function encodeSegment(value: string): string {
  return encodeURIComponent(
    value.replace(/[\ud800-\udfff]/g, (c, i, s) => {
      const code = c.charCodeAt(0);
      const pairOk =
        (code <= 0xdbff && /[\udc00-\udfff]/.test(s[i + 1] ?? '')) ||
        (code >= 0xdc00 && /[\ud800-\udbff]/.test(s[i - 1] ?? ''));
      return pairOk ? c : '\ufffd';
    }),
  );
}

/** One of a list that changes while the fuzz runs (read when a value is generated). */
const oneOfLive = (list: () => number[]) =>
  fc.nat().map((i) => {
    const now = list();
    return String(now.length ? now[i % now.length] : 1);
  });

/** Path ids: the user's own, another user's, and everything an id is not. */
export function idSegment(own: () => number[], others: () => number[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: oneOfLive(own) },
    { weight: 3, arbitrary: oneOfLive(others) },
    { weight: 2, arbitrary: fc.constantFrom(...NUMBER_STRINGS.filter(Boolean)).map(encodeSegment) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map(String) },
    {
      weight: 2,
      arbitrary: hostileString.filter((s) => s.length > 0 && s.length < 300).map(encodeSegment),
    },
    // Raw, partly invalid percent-encodings and path tricks.
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%E0%A4%A',
        '%00',
        '..%2F..%2F',
        '%2e%2e',
        '1%20',
        '1;2',
        '1%3B',
        'a'.repeat(250),
        '9'.repeat(250),
      ),
    },
  );
}

/** A raw request body that is not what the route expects, with some content type. */
export const rawPayload: fc.Arbitrary<{ body: string | Buffer; contentType: string | undefined }> =
  fc.record({
    body: fc.oneof(
      fc
        .json()
        .chain((text) => fc.nat({ max: Math.max(0, text.length) }).map((n) => text.slice(0, n))),
      fc.json(),
      fc.constantFrom(
        '{"title":"a","content":"b"',
        '{"__proto__":{"polluted":"yes"}}',
        '{"constructor":{"prototype":{"polluted":"yes"}}}',
        '{"a":1,"a":2}',
        '[]',
        'null',
        '"text"',
        '1e999',
        '{"title":"\\ud800"}',
        '\u0000',
        '\ufeff{"title":"bom"}',
        'title=a&content=b',
        '<xml/>',
        '',
        ' ',
        '{'.repeat(5000),
        `[${'['.repeat(3000)}${']'.repeat(3001)}`,
      ),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
      fc.constant(Buffer.from([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
    ),
    contentType: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'application/JSON',
      'application/jsonx',
      'application/vnd.api+json',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      ';;;',
      '',
      undefined,
    ),
  });

/** Extra request headers a hostile client may send. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        ['host', 'a b'],
        ['host', 'x:99999'],
        ['host', '[::1'],
        ['host', 'evil.example'],
        ['host', 'exa%mple'],
        ['x-forwarded-for', "1.2.3.4, ' OR 1=1"],
        ['x-forwarded-host', 'evil.example'],
        ['x-forwarded-proto', 'javascript'],
        ['x-request-id', '<script>alert(1)</script>'],
        ['accept', 'text/html'],
        ['accept', '*/*;q=abc'],
        ['accept-encoding', 'gzip, br, zstd'],
        ['origin', 'https://evil.example'],
        ['cookie', '__proto__=1; constructor=2'],
      ),
      fc.tuple(
        fc.constantFrom('x-custom', 'accept-language', 'user-agent', 'referer'),
        hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, '?').slice(0, 1000)),
      ),
    ),
    { maxLength: 2 },
  )
  .map((pairs) => Object.fromEntries(pairs));
