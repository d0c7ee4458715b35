// The admin lists' capped count (decision 0148): what a count read with countLimitFor(offset) lets
// a screen say, never more than is true.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cappedTotal, countLimitFor, LIST_COUNT_AHEAD } from "#domain/shared/paging";

describe("capped list count", () => {
  it("is exact up to LIST_COUNT_AHEAD past the page's first row, 'more than' beyond", () => {
    expect(cappedTotal(0, 0)).toEqual({ total: 0, totalIsCapped: false });
    expect(cappedTotal(LIST_COUNT_AHEAD, 0)).toEqual({ total: LIST_COUNT_AHEAD, totalIsCapped: false });
    expect(cappedTotal(LIST_COUNT_AHEAD + 1, 0)).toEqual({ total: LIST_COUNT_AHEAD, totalIsCapped: true });
    expect(cappedTotal(countLimitFor(40), 40)).toEqual({ total: 40 + LIST_COUNT_AHEAD, totalIsCapped: true });
    expect(cappedTotal(40 + LIST_COUNT_AHEAD, 40)).toEqual({ total: 40 + LIST_COUNT_AHEAD, totalIsCapped: false });
  });

  it("never states more rows than there are, and says 'more' only when there are more", () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(5_000), (rows, offset) => {
        const counted = Math.min(rows, countLimitFor(offset));
        const said = cappedTotal(counted, offset);
        expect(said.total).toBeLessThanOrEqual(rows);
        expect(said.totalIsCapped).toBe(rows > said.total);
        if (!said.totalIsCapped) expect(said.total).toBe(rows);
      }),
    );
  });
});
