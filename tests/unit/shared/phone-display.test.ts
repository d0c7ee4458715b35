import { describe, expect, it } from "vitest";
import { formatPhone } from "#domain/shared/phone-display";

const nb = (s: string) => s.replace(/ /g, "\u00a0");

describe("formatPhone", () => {
  it("writes every way a Cameroon number is typed or stored as +237 6XX XX XX XX, never breaking", () => {
    for (const raw of ["677123456", "237677123456", "+237 677-12-34-56", "00237 6 77 12 34 56", " +237677123456 "]) {
      expect(formatPhone(raw), raw).toBe(nb("+237 677 12 34 56"));
    }
  });

  it("leaves anything else as typed, and nothing as nothing", () => {
    expect(formatPhone("+33 1 23 45 67 89")).toBe("+33 1 23 45 67 89");
    expect(formatPhone(null)).toBe("");
    expect(formatPhone("")).toBe("");
  });
});
