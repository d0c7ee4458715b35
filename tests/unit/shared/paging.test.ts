// The two ways a list reads its page: the admin lists show the last page for a page past the end
// (readPageOrLast); the public lists (the blog, the agents directory) say it is not there
// (readPageOrNotFound), so the route answers 404. Both read page 1 for a page that is not a whole
// number from 1.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readPageOrLast, readPageOrNotFound } from "#domain/shared/paging";

/** A list of `total` numbered items, read as a repository would, counting its reads. */
function listOf(total: number) {
  const reads: Array<[number, number]> = [];
  const read = async (offset: number, limit: number) => {
    reads.push([offset, limit]);
    return { items: Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => offset + i), total };
  };
  return { read, reads };
}

describe("readPageOrNotFound", () => {
  it("reads the page asked for, with the page count", async () => {
    const { read, reads } = listOf(25);
    expect(await readPageOrNotFound(2, 10, read)).toEqual({
      items: [10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
      total: 25,
      page: 2,
      pageCount: 3,
    });
    expect(await readPageOrNotFound(3, 10, read)).toEqual({ items: [20, 21, 22, 23, 24], total: 25, page: 3, pageCount: 3 });
    expect(reads).toEqual([
      [10, 10],
      [20, 10],
    ]);
  });

  it("has page 1 even when the list is empty, and no page past the end", async () => {
    expect(await readPageOrNotFound(1, 10, listOf(0).read)).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
    expect(await readPageOrNotFound(2, 10, listOf(0).read)).toBeNull();
    expect(await readPageOrNotFound(4, 10, listOf(25).read)).toBeNull();
  });

  it("reads page 1 for a page that is not a whole number from 1", async () => {
    for (const wanted of [0, -3, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect((await readPageOrNotFound(wanted, 10, listOf(25).read))?.page).toBe(1);
    }
  });

  it("gives a page exactly when it holds items, or is page 1", async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(200), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 40 }), async (total, pageSize, wanted) => {
        const found = await readPageOrNotFound(wanted, pageSize, listOf(total).read);
        const first = (wanted - 1) * pageSize;
        expect(found !== null).toBe(wanted === 1 || first < total);
        if (found) expect(found.items).toEqual(Array.from({ length: Math.max(0, Math.min(pageSize, total - first)) }, (_, i) => first + i));
      }),
    );
  });
});

describe("readPageOrLast", () => {
  it("reads the last page instead of a page past the end", async () => {
    const { read, reads } = listOf(25);
    expect(await readPageOrLast(9, 10, read)).toEqual({ items: [20, 21, 22, 23, 24], total: 25, page: 3, pageCount: 3 });
    expect(reads).toEqual([
      [80, 10],
      [20, 10],
    ]);
  });

  it("reads page 1 of an empty list, and page 1 for a page that is not a whole number from 1", async () => {
    expect(await readPageOrLast(1, 10, listOf(0).read)).toEqual({ items: [], total: 0, page: 1, pageCount: 0 });
    expect((await readPageOrLast(-1, 10, listOf(25).read)).page).toBe(1);
  });
});
