import { describe, expect, it } from "vitest";
import { formatMinutes, formatVisitTime, minutesOfLabel } from "#domain/booking/visit-time";

describe("formatVisitTime", () => {
  it("writes a slot in 24-hour time in French and with AM/PM in English", () => {
    expect(formatVisitTime("2:00 PM", "fr")).toBe("14:00");
    expect(formatVisitTime("9:30 AM", "fr")).toBe("09:30");
    expect(formatVisitTime("12:00 PM", "fr")).toBe("12:00");
    expect(formatVisitTime("12:00 AM", "fr")).toBe("00:00");
    expect(formatVisitTime("2:00 PM", "en")).toBe("2:00\u00a0PM");
    expect(formatVisitTime("02:00 PM", "en")).toBe("2:00\u00a0PM");
  });

  it("leaves what is not a slot label as stored", () => {
    expect(formatVisitTime("soon", "fr")).toBe("soon");
    expect(minutesOfLabel("13:00 PM")).toBeNull();
    expect(formatMinutes(17 * 60, "en")).toBe("5:00\u00a0PM");
  });
});

describe("the agent's visiting days", () => {
  it("are written in the week's order and the reader's language", async () => {
    const { formatWeekdays } = await import("~/components/booking/visit-form");
    expect(formatWeekdays(["sat", "mon", "wed"], "en")).toBe("Monday, Wednesday and Saturday");
    expect(formatWeekdays(["sat", "mon", "wed"], "fr")).toBe("lundi, mercredi et samedi");
  });
});
