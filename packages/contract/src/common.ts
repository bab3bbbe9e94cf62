import { z } from 'zod';

/**
 * Django REST Framework's own wording. The original client shows some of these texts
 * verbatim, so they are part of the API, not just messages.
 */
export const DRF = {
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  null: 'This field may not be null.',
  nullCharacters: 'Null characters are not allowed.',
  notAString: 'Not a valid string.',
  notABoolean: 'Must be a valid boolean.',
  notAnInteger: 'A valid integer is required.',
  maxLength: (n: number) => `Ensure this field has no more than ${n} characters.`,
  minLength: (n: number) => `Ensure this field has at least ${n} characters.`,
  invalidChoice: (value: unknown) => `"${String(value)}" is not a valid choice.`,
  dateFormat: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  timeFormat: 'Time has wrong format. Use one of these formats instead: hh:mm[:ss[.uuuuuu]].',
  notADict: (got: string) => `Invalid data. Expected a dictionary, but got ${got}.`,
  noData: 'No data provided',
  notFound: 'Not found.',
  invalidPage: 'Invalid page.',
  notAuthenticated: 'Authentication credentials were not provided.',
  usernameTaken: 'A user with that username already exists.',
  usernameInvalid:
    'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
} as const;

/** The bounds of what a request may hold, checked by the contract's schemas on both sides. */
export const LIMITS = {
  usernameMax: 150,
  passwordMin: 8,
  passwordMax: 1024,
  noteTitleMax: 100,
  noteContentMax: 100_000,
  taskMax: 255,
  eventTitleMax: 255,
  pageSizeDefault: 10,
  pageSizeMax: 100,
  /** Postgres `integer` ids; anything above cannot exist and must not reach SQL. */
  idMax: 2_147_483_647,
} as const;

/** What DRF calls a JSON value's type in "Expected a dictionary, but got list." */
const PY_TYPE: Record<string, string> = {
  array: 'list',
  string: 'str',
  number: 'int',
  integer: 'int',
  float: 'float',
  boolean: 'bool',
};

/**
 * zod's messages in DRF's wording. A missing key is "required", an explicit null "may not be
 * null", a wrong type the field type's own text, and a bad enum value "is not a valid choice".
 * Installed globally (below) so that every schema of the contract speaks DRF on both sides.
 */
export const drfErrorMap: z.ZodErrorMap = (issue, ctx) => {
  if (issue.code === z.ZodIssueCode.invalid_type) {
    if (issue.received === z.ZodParsedType.undefined) return { message: DRF.required };
    // A whole body of JSON `null`: DRF's serializers answer "No data provided".
    if (issue.received === z.ZodParsedType.null && issue.path.length === 0) {
      return { message: DRF.noData };
    }
    if (issue.received === z.ZodParsedType.null) return { message: DRF.null };
    switch (issue.expected) {
      case z.ZodParsedType.string:
        return { message: DRF.notAString };
      case z.ZodParsedType.boolean:
        return { message: DRF.notABoolean };
      case z.ZodParsedType.number:
      case z.ZodParsedType.integer:
        return { message: DRF.notAnInteger };
      case z.ZodParsedType.object:
        return { message: DRF.notADict(PY_TYPE[issue.received] ?? issue.received) };
    }
  }
  if (issue.code === z.ZodIssueCode.invalid_enum_value) {
    return { message: DRF.invalidChoice(issue.received) };
  }
  return { message: ctx.defaultError };
};
z.setErrorMap(drfErrorMap);

/** A field whose wrong-type message is its format message (DRF's date and time fields). */
function typeErrors(typeMessage: string): z.ZodErrorMap {
  return (issue, ctx) => {
    if (issue.code === z.ZodIssueCode.invalid_type) {
      if (issue.received === z.ZodParsedType.undefined) return { message: DRF.required };
      if (issue.received === z.ZodParsedType.null) return { message: DRF.null };
      return { message: typeMessage };
    }
    return drfErrorMap(issue, ctx);
  };
}

const noNul = (s: string) => !s.includes('\u0000');

/**
 * A DRF CharField: trimmed (DRF's default `trim_whitespace`), not blank, at most `max`
 * characters, and free of NUL (which Postgres cannot store).
 */
export function textField(max: number) {
  return z
    .string()
    .trim()
    .min(1, DRF.blank)
    .max(max, DRF.maxLength(max))
    .refine(noNul, DRF.nullCharacters);
}

/** A password: never trimmed (spaces are part of it), not blank, no NUL. */
export function passwordField(max: number = LIMITS.passwordMax) {
  return z
    .string()
    .min(1, DRF.blank)
    .max(max, DRF.maxLength(max))
    .refine(noNul, DRF.nullCharacters);
}

/** Django's username rule: letters, digits and @ . + - _ (Unicode letters too). */
export const USERNAME_PATTERN = /^[\p{L}\p{N}_@.+-]+$/u;

export const UsernameSchema = textField(LIMITS.usernameMax).refine(
  (s) => s === '' || USERNAME_PATTERN.test(s),
  DRF.usernameInvalid,
);

export const BooleanSchema = z.boolean();

/** True when `value` is a real calendar date written as YYYY-MM-DD (years 0001-9999). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

/** A calendar date, `YYYY-MM-DD`. */
export const DateSchema = z
  .string({ errorMap: typeErrors(DRF.dateFormat) })
  .refine(isCalendarDate, DRF.dateFormat);

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** Normalizes `HH:MM` or `HH:MM:SS` to `HH:MM:SS`; undefined when it is not a time of day. */
export function normalizeTime(value: string): string | undefined {
  const m = TIME_PATTERN.exec(value);
  if (!m) return undefined;
  return `${m[1]}:${m[2]}:${m[3] ?? '00'}`;
}

/** A time of day as sent: `HH:MM` or `HH:MM:SS`, normalized to `HH:MM:SS`. */
export const TimeInputSchema = z
  .string({ errorMap: typeErrors(DRF.timeFormat) })
  .refine((v) => normalizeTime(v) !== undefined, DRF.timeFormat)
  .transform((v) => normalizeTime(v) as string);

/** A time of day as answered: `HH:MM:SS`. */
export const TimeSchema = z.string().regex(/^\d{2}:\d{2}:\d{2}$/);

/**
 * A database id in a path: digits only, as Django's `<int:id>` ("1e3" or "0x10" must not reach a
 * row), and within Postgres' `integer`. Anything else answers 404 and never reaches SQL.
 */
export const IdParamSchema = z.preprocess(
  // The path's text must be digits only; a client's number passes as it is.
  (value) => (typeof value === 'string' && !/^[0-9]+$/.test(value) ? Number.NaN : value),
  z.coerce.number().int().positive().max(LIMITS.idMax),
);
export const IdPathSchema = z.object({ id: IdParamSchema });

/** An ISO-8601 UTC timestamp as DRF writes it, e.g. `2026-11-21T14:45:20.277636Z`. */
export const TimestampSchema = z.string();

// ---- Error bodies -------------------------------------------------------------------------

/** `{"detail": "..."}`, optionally with SimpleJWT's `code` and `messages`. */
export const DetailSchema = z
  .object({
    detail: z.string(),
    code: z.string().optional(),
  })
  .passthrough();
export type Detail = z.infer<typeof DetailSchema>;

/** DRF validation errors: `{"field": ["message", ...]}` (`non_field_errors` for the whole body). */
export const FieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrorsSchema>;

/** Any 400: field errors, or a detail (malformed JSON, bad request). */
export const BadRequestSchema = z.union([FieldErrorsSchema, DetailSchema]);

/** Turns a zod error into DRF's field-error body. Paths are joined with dots. */
export function zodToFieldErrors(error: z.ZodError): FieldErrors {
  // No prototype: a field named `hasOwnProperty` or `__proto__` is a key like any other.
  const out: FieldErrors = Object.create(null);
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : 'non_field_errors';
    const list = (Object.hasOwn(out, key) ? out[key] : undefined) ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    out[key] = list;
  }
  return out;
}
