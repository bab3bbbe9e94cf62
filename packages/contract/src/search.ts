import { z } from 'zod';
import { DRF } from './common';

/** The longest `?search=` text, and the most words of it that are used. */
export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_MAX_TERMS = 10;

/**
 * DRF SearchFilter's terms: the text split on whitespace and commas, a "quoted phrase" kept as
 * one term, NUL removed. Every term must match (as a case- and accent-insensitive substring).
 * The web app highlights the same terms. An empty list means no search.
 */
export function searchTerms(text: string | undefined): string[] {
  if (!text) return [];
  const clean = text.replaceAll('\u0000', '');
  const terms: string[] = [];
  for (const m of clean.matchAll(/"([^"]*)"|([^\s,"]+)/g)) {
    const term = (m[1] ?? m[2] ?? '').trim();
    if (term !== '' && !terms.includes(term)) terms.push(term);
  }
  return terms.slice(0, SEARCH_MAX_TERMS);
}

/** `?search=words`: at most SEARCH_MAX_LENGTH characters. */
export const SearchQuerySchema = z
  .string()
  .max(SEARCH_MAX_LENGTH, DRF.maxLength(SEARCH_MAX_LENGTH))
  .optional();
