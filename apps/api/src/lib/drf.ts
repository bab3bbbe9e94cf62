import { DRF, type FieldErrors } from '@prodify/contract';

/**
 * The one place that builds DRF-shaped error bodies (`{"detail": ...}`, `{field: [...]}`, ADR
 * 0001), so every route answers in the same words as the original API.
 */
export const detail = (text: string) => ({ detail: text });

export const NOT_FOUND = detail(DRF.notFound);
export const NOT_AUTHENTICATED = detail(DRF.notAuthenticated);
export const SERVER_ERROR = detail('A server error occurred.');
export const DATABASE_UNAVAILABLE = detail(
  'The database is unavailable. Please try again shortly.',
);

/** SimpleJWT's answer for a valid token whose user no longer exists. */
export const USER_NOT_FOUND = { detail: 'User not found', code: 'user_not_found' } as const;

export const methodNotAllowed = (method: string) => detail(`Method "${method}" not allowed.`);

export const throttled = (seconds: number) =>
  detail(
    `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  );

export const unsupportedMediaType = (contentType: string) =>
  detail(`Unsupported media type "${contentType}" in request.`);

/** Collects field errors in the order fields are checked; `build()` is undefined when none. */
export class FieldErrorBag {
  readonly #errors: FieldErrors = {};

  add(field: string, message: string): this {
    const list = this.#errors[field] ?? [];
    list.push(message);
    this.#errors[field] = list;
    return this;
  }

  get empty(): boolean {
    return Object.keys(this.#errors).length === 0;
  }

  build(): FieldErrors | undefined {
    return this.empty ? undefined : this.#errors;
  }
}

/** A handler's answer for a thing that may not exist: 200 with it, or DRF's 404. */
export function found<T>(body: T | undefined) {
  return body === undefined
    ? { status: 404 as const, body: NOT_FOUND }
    : { status: 200 as const, body };
}

/** A handler's answer for a delete: 204 with no body, or DRF's 404 when there was nothing. */
export function removed(done: boolean) {
  return done
    ? { status: 204 as const, body: undefined }
    : { status: 404 as const, body: NOT_FOUND };
}
