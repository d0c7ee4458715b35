// The admin bookings page's filters from its URL (docs/decisions/0126): valid values kept, the rest
// dropped, and the return address after a cancel can only be the bookings page with its filters.
import { describe, expect, it } from "vitest";
import { bookingFilterFromUrl, bookingFilterQuery, bookingsReturnPath } from "~/utils/admin-booking-filter";
import { listPage } from "~/utils/list-url";
import { adminBookingFilterFrom } from "#domain/booking/admin-bookings.queries";

describe("adminBookingFilterFrom", () => {
  it("keeps a known status, calendar days and a property text", () => {
    expect(adminBookingFilterFrom({ status: "cancelled", from: " 2026-12-01 ", to: "2026-12-31", property: "  Studio  " })).toEqual({
      bookingStatus: "cancelled",
      visitFrom: "2026-12-01",
      visitTo: "2026-12-31",
      property: "Studio",
    });
  });

  it("drops what is not valid", () => {
    expect(adminBookingFilterFrom({ status: "paid", from: "2026-02-30", to: "tomorrow", property: "a\u0000b" })).toEqual({});
    expect(adminBookingFilterFrom({ status: null, from: null, to: undefined, property: "   " })).toEqual({});
    expect(adminBookingFilterFrom({ property: "x".repeat(300) }).property).toHaveLength(100);
  });
});

const at = (query: string) => new URL(`https://kamernest.test/admin/bookings${query}`);

describe("the list's address", () => {
  it("round-trips with the filter through the query string", () => {
    const url = at("?status=expired&from=2026-12-01&property=Gate&page=4");
    expect(bookingFilterQuery(bookingFilterFromUrl(url), listPage(url))).toBe(url.search);
  });
});

describe("bookingsReturnPath", () => {
  it("rebuilds the bookings page's address from its filters", () => {
    expect(bookingsReturnPath("/admin/bookings?status=confirmed&property=Gate&page=2&evil=1")).toBe(
      "/admin/bookings?status=confirmed&property=Gate&page=2",
    );
    expect(bookingsReturnPath("/admin/bookings")).toBe("/admin/bookings");
    expect(bookingsReturnPath("/admin/bookings?status=pending&page=1e3")).toBe("/admin/bookings?status=pending");
    expect(bookingFilterQuery({ visitFrom: "2026-12-01" }, 1)).toBe("?from=2026-12-01");
  });

  it("never leaves the bookings page", () => {
    for (const value of [
      "https://evil.example/admin/bookings",
      "//evil.example",
      "/admin/bookings/../users",
      "/admin/bookingsX",
      "/admin/bookings//evil.example",
      undefined,
      42,
    ]) {
      expect(bookingsReturnPath(value), String(value)).toBe("/admin/bookings");
    }
  });
});
