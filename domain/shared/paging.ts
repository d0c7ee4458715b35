/** One page of a list for a screen: its items, how many there are in all, which page, how many pages. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * Reads page `wanted` (page 1 when it is not a whole number from 1) of `pageSize` items; a page past
 * the end reads the last one instead, so an old link after deletions still shows something.
 */
export async function readPageOrLast<T>(
  wanted: number,
  pageSize: number,
  read: (offset: number, limit: number) => Promise<{ items: T[]; total: number }>,
): Promise<ListPage<T>> {
  let page = Number.isSafeInteger(wanted) && wanted >= 1 ? wanted : 1;
  let result = await read((page - 1) * pageSize, pageSize);
  const pageCount = Math.ceil(result.total / pageSize);
  if (result.items.length === 0 && pageCount > 0 && page > pageCount) {
    page = pageCount;
    result = await read((page - 1) * pageSize, pageSize);
  }
  return { items: result.items, total: result.total, page, pageCount };
}

/**
 * The admin lists count their matches only this far past the page's first row (decision 0148):
 * an exact count of every account, listing, booking or payment reads the whole table on each view.
 */
export const LIST_COUNT_AHEAD = 1000;

/** The most matches a list's count reads for a page starting at `offset`: one more than it can show, so "more" is known. */
export const countLimitFor = (offset: number): number => offset + LIST_COUNT_AHEAD + 1;

/** A list's total as a screen may state it: exact, or (`totalIsCapped`) "more than `total`". */
export interface CountedTotal {
  total: number;
  totalIsCapped: boolean;
}

/** What `counted` matches, read with a LIMIT of countLimitFor(offset), allow a screen to say. */
export function cappedTotal(counted: number, offset: number): CountedTotal {
  const shown = offset + LIST_COUNT_AHEAD;
  return counted > shown ? { total: shown, totalIsCapped: true } : { total: counted, totalIsCapped: false };
}
