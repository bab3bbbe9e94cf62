import { type ContractNoBodyType, initContract } from '@ts-rest/core';
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

const c = initContract();

/** `POST path`: create one of the user's rows from `body`; 201 with the row, 400 on bad input. */
export function createRoute<P extends string, B extends z.ZodTypeAny, T extends z.ZodTypeAny>(
  path: P,
  body: B,
  item: T,
  summary: string,
) {
  return {
    method: 'POST' as const,
    path,
    body,
    ...signedIn({ 201: item, 400: BadRequestSchema }),
    summary,
  };
}

/** `GET path` (with `:id`): one of the user's rows, 404 when it is not theirs. */
export function getRoute<P extends string, T extends z.ZodTypeAny>(
  path: P,
  item: T,
  summary: string,
) {
  return { method: 'GET' as const, path, ...signedInById({ 200: item }), summary };
}

/** `DELETE path` (with `:id`): 204 with no body, 404 when the row is not the user's. */
export function removeRoute<P extends string>(path: P, summary: string) {
  const noBody: ContractNoBodyType = c.noBody();
  return {
    method: 'DELETE' as const,
    path,
    body: noBody,
    ...signedInById<{ 204: ContractNoBodyType }>({ 204: noBody }),
    summary,
  };
}
