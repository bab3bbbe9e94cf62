import { describe, expect, it, vi } from 'vitest';
import {
  clampPage,
  type ListAnswer,
  loadPage,
  pageCount,
  parsePageParam,
  toPage,
  validatePageSearch,
} from './pagination';

describe('pageCount', () => {
  it('is at least 1, then ceil(count / 10)', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(1)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(20)).toBe(2);
    expect(pageCount(21)).toBe(3);
    expect(pageCount(5, 2)).toBe(3);
    expect(pageCount(-3)).toBe(1);
  });
});

describe('clampPage and parsePageParam', () => {
  it('keeps a page within 1..total', () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(2, 3)).toBe(2);
    expect(clampPage(9, 3)).toBe(3);
    expect(clampPage(4, 0)).toBe(1);
    expect(clampPage(Number.NaN, 3)).toBe(1);
  });

  it('reads ?page= from the URL, 1 when it is not a positive integer', () => {
    expect(parsePageParam('3')).toBe(3);
    expect(parsePageParam(2)).toBe(2);
    expect(parsePageParam('0')).toBe(1);
    expect(parsePageParam('-2')).toBe(1);
    expect(parsePageParam('1.5')).toBe(1);
    expect(parsePageParam('abc')).toBe(1);
    expect(parsePageParam(undefined)).toBe(1);
  });
});

describe('toPage', () => {
  const items = Array.from({ length: 23 }, (_, i) => i + 1);

  it('reads a DRF page object', () => {
    expect(toPage({ count: 23, results: [11, 12] }, 2)).toEqual({
      page: 2,
      totalPages: 3,
      count: 23,
      results: [11, 12],
    });
  });

  it('pages a plain array (an API without pagination)', () => {
    expect(toPage(items, 3)).toEqual({ page: 3, totalPages: 3, count: 23, results: [21, 22, 23] });
    expect(toPage(items, 9).page).toBe(3);
    expect(toPage([], 1)).toEqual({ page: 1, totalPages: 1, count: 0, results: [] });
  });
});

describe('loadPage', () => {
  function server(total: number) {
    const all = Array.from({ length: total }, (_, i) => i + 1);
    return vi.fn(async (page: number): Promise<ListAnswer<number> | 'invalid-page'> => {
      const results = all.slice((page - 1) * 10, page * 10);
      if (page > 1 && results.length === 0) return 'invalid-page';
      return { count: total, results };
    });
  }

  it('returns the page asked for when it exists', async () => {
    const fetchPage = server(25);
    await expect(loadPage(fetchPage, 2)).resolves.toMatchObject({ page: 2, totalPages: 3 });
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('falls back to the last page when the page is past the end', async () => {
    const fetchPage = server(20);
    const page = await loadPage(fetchPage, 3);
    expect(page).toMatchObject({
      page: 2,
      totalPages: 2,
      results: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
    });
    expect(fetchPage.mock.calls.map((c) => c[0])).toEqual([3, 1, 2]);
  });

  it('falls back to page 1 when everything was deleted', async () => {
    const fetchPage = server(0);
    await expect(loadPage(fetchPage, 4)).resolves.toEqual({
      page: 1,
      totalPages: 1,
      count: 0,
      results: [],
    });
  });
});

describe('validatePageSearch', () => {
  it('keeps ?page= only past the first page', () => {
    expect(validatePageSearch({ page: '3' })).toEqual({ page: 3 });
    expect(validatePageSearch({ page: '1' })).toEqual({});
    expect(validatePageSearch({ page: 'x', other: 1 })).toEqual({});
    expect(validatePageSearch({})).toEqual({});
  });
});
