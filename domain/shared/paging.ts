/** One page of a list for a screen: its items, how many there are in all, which page, how many pages. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageCount: number;
}

/** Reads `limit` items from `offset`, with how many there are in all. */
type PageReader<T> = (offset: number, limit: number) => Promise<{ items: T[]; total: number }>;

/** The page asked for, or page 1 when it is not a whole number from 1. */
const pageOr1 = (wanted: number): number => (Number.isSafeInteger(wanted) && wanted >= 1 ? wanted : 1);

/**
 * Reads page `wanted` (page 1 when it is not a whole number from 1) of `pageSize` items; a page past
 * the end reads the last one instead, so an old link after deletions still shows something.
 */
export async function readPageOrLast<T>(wanted: number, pageSize: number, read: PageReader<T>): Promise<ListPage<T>> {
  let page = pageOr1(wanted);
  let result = await read((page - 1) * pageSize, pageSize);
  const pageCount = Math.ceil(result.total / pageSize);
  if (result.items.length === 0 && pageCount > 0 && page > pageCount) {
    page = pageCount;
    result = await read((page - 1) * pageSize, pageSize);
  }
  return { items: result.items, total: result.total, page, pageCount };
}

/**
 * Reads page `wanted` (page 1 when it is not a whole number from 1) of `pageSize` items, for a
 * public list (the blog, the agents directory). Page 1 always exists, even empty; a later page past
 * the end is null, for the screen to answer 404: a link to it is not a link to the last page.
 */
export async function readPageOrNotFound<T>(wanted: number, pageSize: number, read: PageReader<T>): Promise<ListPage<T> | null> {
  const page = pageOr1(wanted);
  const { items, total } = await read((page - 1) * pageSize, pageSize);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return page > pageCount ? null : { items, total, page, pageCount };
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
