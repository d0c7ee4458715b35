import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { addDays, checkVisitDate, doualaDate, isCalendarDate, weekdayOf } from "#domain/booking/visit-date";

describe("visit dates in Buea time", () => {
  it("roll over at 23:00 UTC, midnight in Buea", () => {
    expect(doualaDate(new Date("2026-12-01T22:59:59Z"))).toBe("2026-12-01");
    expect(doualaDate(new Date("2026-12-01T23:00:00Z"))).toBe("2026-12-02");
  });

  it("accept tomorrow up to 60 days ahead only", () => {
    const now = new Date("2026-12-01T08:00:00Z");
    expect(checkVisitDate("2026-12-01", now)).toMatchObject({ ok: false, error: { code: "booking.date_out_of_range" } });
    expect(checkVisitDate("2026-12-02", now)).toEqual({ ok: true, value: "2026-12-02" });
    expect(checkVisitDate("2027-01-30", now).ok).toBe(true); // today + 60
    expect(checkVisitDate("2027-01-31", now)).toMatchObject({ ok: false, error: { code: "booking.date_out_of_range" } });
  });

  it("use Buea's date, not UTC's, late in the evening", () => {
    const lateEvening = new Date("2026-12-01T23:30:00Z"); // already 2 December in Buea
    expect(checkVisitDate("2026-12-02", lateEvening).ok).toBe(false);
    expect(checkVisitDate("2026-12-03", lateEvening).ok).toBe(true);
  });

  it.each(["2026-02-30", "2026-13-01", "26-12-01", "2026-12-1", "", "tomorrow"])("refuse %j as not a date", (value) => {
    expect(isCalendarDate(value)).toBe(false);
    expect(checkVisitDate(value, new Date("2026-12-01T08:00:00Z"))).toMatchObject({ ok: false, error: { code: "booking.invalid_date" } });
  });

  it("know the weekday", () => {
    expect(weekdayOf("2026-12-01")).toBe("tue");
    expect(weekdayOf("2026-12-06")).toBe("sun");
  });

  it("accept exactly the offsets 1..60 from any moment", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2020-01-01"), max: new Date("2035-01-01"), noInvalidDate: true }),
        fc.integer({ min: -5, max: 70 }),
        (now, offset) => {
          const date = addDays(doualaDate(now), offset);
          expect(checkVisitDate(date, now).ok).toBe(offset >= 1 && offset <= 60);
        },
      ),
    );
  });
});
