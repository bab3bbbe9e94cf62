import { z } from 'zod';
import { BadRequestSchema, DetailSchema, IdPathSchema, LIMITS } from './common';

/** What each route says in `metadata`: the API's auth hook and the access-control tests read it. */
export type RouteMetadata = { auth: boolean };

/** The statuses every authenticated route can answer besides its own. */
// Not `as const`: spread into `responses`, readonly numeric keys are lost by ts-rest's inference.
export const authErrors = {
  401: DetailSchema,
  429: DetailSchema,
};

/** The responses and metadata of a signed-in route: its own statuses plus `authErrors`. */
export function signedIn<R extends object>(responses: R) {
  const metadata: RouteMetadata = { auth: true };
  return { responses: { ...responses, ...authErrors }, metadata };
}

/** A signed-in route on one of the user's rows: the id in the path, 404 when it is not theirs. */
export function signedInById<R extends object>(responses: R) {
  return { pathParams: IdPathSchema, ...signedIn({ ...responses, 404: DetailSchema }) };
}

/** `?page=N&page_size=M`; without `page` a list route answers the plain array, as the original. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(LIMITS.idMax).optional(),
  page_size: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).optional(),
});

/** DRF's page object. */
export function pageSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/**
 * A signed-in list that pages on request: the plain array without `?page=`, DRF's page object
 * with it, and 404 for a page past the end.
 */
export function pagedList<T extends z.ZodTypeAny, Q extends z.AnyZodObject>(item: T, query: Q) {
  return {
    query,
    ...signedIn({
      200: z.union([z.array(item), pageSchema(item)]),
      400: BadRequestSchema,
      404: DetailSchema,
    }),
  };
}
