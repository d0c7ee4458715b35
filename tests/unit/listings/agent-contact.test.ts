import { describe, expect, it } from "vitest";
import { whatsappDigits } from "#domain/listings/agent-contact";

describe("whatsappDigits", () => {
  it("adds Cameroon's 237 to a 9-digit number, however it was typed", () => {
    expect(whatsappDigits("6 77 12 34 56")).toBe("237677123456");
    expect(whatsappDigits("677-123-456")).toBe("237677123456");
  });
  it("keeps a number that already has a country code", () => {
    expect(whatsappDigits("+237 677 12 34 56")).toBe("237677123456");
    expect(whatsappDigits("00237677123456")).toBe("237677123456");
  });
  it("is null for nothing usable", () => {
    expect(whatsappDigits(null)).toBeNull();
    expect(whatsappDigits("")).toBeNull();
    expect(whatsappDigits("12345")).toBeNull();
  });
});
