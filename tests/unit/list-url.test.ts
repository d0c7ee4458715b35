// A portal list's page number and return address (app/utils/list-url.ts): lenient reading, and a
// return address rebuilt inside its own list only.
import { describe, expect, it } from "vitest";
import { listPage, listReturnPath } from "~/utils/list-url";

const at = (query: string) => new URL(`https://kamernest.test/agents/bookings${query}`);

describe("listPage", () => {
  it("reads a whole page number from 1, and anything else as page 1", () => {
    expect(listPage(at("?page=12"))).toBe(12);
    expect(listPage(at("?page=99999"))).toBe(99999);
    for (const page of ["", "0", "-4", "2.5", "1e3", "x", "%00", "123456"]) expect(listPage(at(`?page=${page}`)), page).toBe(1);
    expect(listPage(at(""))).toBe(1);
  });
});

describe("listReturnPath", () => {
  const rebuild = (url: URL) => `/agents/bookings?page=${listPage(url)}`;
  it("rebuilds an address inside the list from what it means", () => {
    expect(listReturnPath("/agents/bookings", "/agents/bookings?page=3&junk=<x>", rebuild)).toBe("/agents/bookings?page=3");
  });
  it("falls back to the list for anything else", () => {
    for (const value of [
      null,
      42,
      "",
      "https://evil.test/agents/bookings",
      "//evil.test/agents/bookings",
      "/agents/bookingsx",
      "/agents/bookings/../../admin",
    ]) {
      expect(listReturnPath("/agents/bookings", value, rebuild), String(value)).toBe("/agents/bookings");
    }
  });
});
