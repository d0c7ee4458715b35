// The agent's bookings list's filters from its URL (decision 0117): valid values kept, malformed
// ones ignored, the page carried back, and the accept form's return address can only be the list.
import { describe, expect, it } from "vitest";
import { agentBookingFilterFromUrl, agentBookingsPath, agentBookingsReturnPath } from "~/utils/agent-booking-filter";
import { listPage } from "~/utils/list-url";

const at = (query: string) => new URL(`https://kamernest.test/agents/bookings${query}`);

describe("agentBookingFilterFromUrl", () => {
  it("keeps a property id, a calendar day and a known status", () => {
    expect(agentBookingFilterFromUrl(at("?property=%20p-1%20&date=2026-12-01&status=awaiting"))).toEqual({
      propertyId: "p-1",
      visitDate: "2026-12-01",
      status: "awaiting",
    });
  });

  it("ignores what is malformed", () => {
    expect(agentBookingFilterFromUrl(at("?property=%00&date=2026-02-31&status=paid"))).toEqual({});
    expect(agentBookingFilterFromUrl(at(`?property=${"x".repeat(101)}&date=tomorrow&status=`))).toEqual({});
    expect(agentBookingFilterFromUrl(at(""))).toEqual({});
  });
});

describe("agentBookingsPath", () => {
  it("round-trips the filters and the page through the address", () => {
    const url = at("?property=p-1&date=2026-12-01&status=cancelled&page=3");
    expect(agentBookingsPath(agentBookingFilterFromUrl(url), listPage(url))).toBe(url.pathname + url.search);
    expect(agentBookingsPath({}, 1)).toBe("/agents/bookings");
    expect(agentBookingsPath({ status: "visited" })).toBe("/agents/bookings?status=visited");
  });
});

describe("agentBookingsReturnPath", () => {
  it("rebuilds the list's address from its filters and page", () => {
    expect(agentBookingsReturnPath("/agents/bookings?status=accepted&page=2&evil=1")).toBe("/agents/bookings?status=accepted&page=2");
    expect(agentBookingsReturnPath("/agents/bookings?date=2026-02-31&page=1")).toBe("/agents/bookings");
  });

  it("never leaves the list", () => {
    for (const value of [
      "https://evil.example/agents/bookings",
      "//evil.example",
      "/agents/bookings/../properties",
      "/agents/bookingsX",
      "/agents/bookings//evil.example",
      "/agents/bookings/b-1/decline",
      null,
      42,
    ]) {
      expect(agentBookingsReturnPath(value), String(value)).toBe("/agents/bookings");
    }
  });
});
