import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "../../../app/utils/csv";

describe("CSV export", () => {
  it("prefixes cells a spreadsheet would read as a formula with a quote", () => {
    for (const bad of ["=HYPERLINK(\"x\")", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]) expect(csvCell(bad).replace(/^"/, "").startsWith("'")).toBe(true);
    expect(csvCell("Molyko room")).toBe("Molyko room");
    expect(csvCell(5000)).toBe("5000");
  });

  it("quotes commas, quotes and line breaks, and ends rows with CRLF", () => {
    // A byte-order mark first, so spreadsheet programs read accents (French titles) right.
    expect(toCsv([["a", "b"], ["x,y", 'say "hi"'], ["line\nbreak", "=1"]])).toBe('\uFEFFa,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",\'=1\r\n');
  });
});
