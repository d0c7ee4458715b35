import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DEFAULT_VISITING_HOURS, parseVisitingHours, slotLabel, slotsFor, visitingHoursOrDefault } from "#domain/booking/visiting-hours";
import { weekdayOf } from "#domain/booking/visit-date";

describe("visiting hours", () => {
  it("offer every hour from 9:00 AM to 5:00 PM, Monday to Saturday, by default", () => {
    expect(slotsFor(DEFAULT_VISITING_HOURS, "2026-12-02", weekdayOf("2026-12-02"))).toEqual([
      "9:00 AM",
      "10:00 AM",
      "11:00 AM",
      "12:00 PM",
      "1:00 PM",
      "2:00 PM",
      "3:00 PM",
      "4:00 PM",
      "5:00 PM",
    ]);
    expect(slotsFor(DEFAULT_VISITING_HOURS, "2026-12-05", "sat")).toHaveLength(9);
    expect(slotsFor(DEFAULT_VISITING_HOURS, "2026-12-06", weekdayOf("2026-12-06"))).toEqual([]); // a Sunday
  });

  it("label times on a 12-hour clock", () => {
    expect(slotLabel(0)).toBe("12:00 AM");
    expect(slotLabel(9 * 60)).toBe("9:00 AM");
    expect(slotLabel(12 * 60 + 30)).toBe("12:30 PM");
    expect(slotLabel(17 * 60)).toBe("5:00 PM");
    expect(slotLabel(23 * 60 + 45)).toBe("11:45 PM");
  });

  it("read a property's own hours from JSON text, filling defaults", () => {
    const hours = parseVisitingHours('{"days":["sun","sat"],"from":"14:00","to":"16:00","stepMinutes":30,"closedDates":["2026-12-26"]}');
    expect(hours).toEqual({ days: ["sun", "sat"], from: "14:00", to: "16:00", stepMinutes: 30, closedDates: ["2026-12-26"] });
    expect(slotsFor(hours!, "2026-12-06", "sun")).toEqual(["2:00 PM", "2:30 PM", "3:00 PM", "3:30 PM", "4:00 PM"]);
    expect(slotsFor(hours!, "2026-12-26", "sat")).toEqual([]);
    expect(slotsFor(hours!, "2026-12-07", "mon")).toEqual([]);
    expect(parseVisitingHours({ from: "10:00" })).toEqual({ ...DEFAULT_VISITING_HOURS, from: "10:00", closedDates: [] });
  });

  it.each([
    ["not json", "{"],
    ["an array", "[]"],
    ["an unknown day", '{"days":["funday"]}'],
    ["no days", '{"days":[]}'],
    ["a bad time", '{"from":"9:00"}'],
    ["from after to", '{"from":"18:00","to":"09:00"}'],
    ["a tiny step", '{"stepMinutes":5}'],
    ["a bad closed date", '{"closedDates":["tomorrow"]}'],
  ])("refuse %s and fall back to the default", (_, json) => {
    expect(parseVisitingHours(json)).toBeNull();
    expect(visitingHoursOrDefault(json)).toEqual(DEFAULT_VISITING_HOURS);
  });

  it("never offer a slot outside from..to, always in order", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 15, max: 240 }), (a, b, step) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const pad = (h: number) => `${String(h).padStart(2, "0")}:00`;
        const hours = parseVisitingHours({ days: ["mon"], from: pad(lo), to: pad(hi), stepMinutes: step });
        expect(hours).not.toBeNull();
        const slots = slotsFor(hours!, "2026-12-07", "mon");
        expect(slots[0]).toBe(slotLabel(lo * 60));
        expect(slots.length).toBe(Math.floor(((hi - lo) * 60) / step) + 1);
        expect(new Set(slots).size).toBe(slots.length);
      }),
    );
  });
});
