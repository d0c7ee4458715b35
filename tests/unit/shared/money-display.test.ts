import { describe, expect, it } from "vitest";
import { formatXaf } from "#domain/shared/money-display";
import { formatXaf as appFormatXaf } from "~/utils/format";

const NBSP = "\u00a0";

describe("formatXaf", () => {
  it("writes 8 000 FCFA with no-break spaces, so the amount never wraps inside itself", () => {
    expect(formatXaf(8000)).toBe(`8${NBSP}000${NBSP}FCFA`);
    expect(formatXaf(1250000)).toBe(`1${NBSP}250${NBSP}000${NBSP}FCFA`);
    expect(formatXaf(500)).toBe(`500${NBSP}FCFA`);
    expect(formatXaf(0)).toBe(`0${NBSP}FCFA`);
    expect(formatXaf(-5000)).toBe(`-5${NBSP}000${NBSP}FCFA`);
    expect(formatXaf(8000)).not.toMatch(/ /);
  });

  it("is the one rule the pages use", () => {
    expect(appFormatXaf(25000)).toBe(formatXaf(25000));
  });
});
