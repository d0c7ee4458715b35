// A page shown by a client-side navigation is kept offline too (decision 0238): the page asks the
// worker for it, except under Save-Data, whether the server heard it or the browser says it, and on 2G.
import { describe, expect, it } from "vitest";
import { pageToKeep } from "~/utils/keep-offline";

const listing = { pathname: "/listings/p1", search: "?back=%2Flistings" };

describe("pageToKeep", () => {
  it("asks for the page shown, with its query", () => {
    expect(pageToKeep(listing, undefined, false)).toBe("/listings/p1?back=%2Flistings");
    expect(pageToKeep({ pathname: "/profile", search: "" }, { saveData: false, effectiveType: "4g" }, false)).toBe("/profile");
  });

  it("asks for nothing under Save-Data or on 2G", () => {
    expect(pageToKeep(listing, undefined, true)).toBeNull();
    expect(pageToKeep(listing, { saveData: true, effectiveType: "4g" }, false)).toBeNull();
    expect(pageToKeep(listing, { saveData: false, effectiveType: "2g" }, false)).toBeNull();
    expect(pageToKeep(listing, { saveData: false, effectiveType: "slow-2g" }, false)).toBeNull();
    // 3G still keeps: a few KB once, against a page that could not be read offline at all.
    expect(pageToKeep(listing, { saveData: false, effectiveType: "3g" }, false)).toBe("/listings/p1?back=%2Flistings");
  });
});
