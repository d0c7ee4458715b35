// The weekly payout's schedule (decision 0223): one instant a week in Buea (UTC+1), the periods
// between them, the cut-off at a period's start.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextWeeklyPayout } from "#domain/commission/weekly-payout";
import {
  DEFAULT_PAYOUT_SCHEDULE,
  formatPayoutSchedule,
  nextScheduledPayout,
  parsePayoutSchedule,
  payoutPeriodStart,
} from "#domain/payout/payout-schedule";

const iso = (d: Date) => d.toISOString();

describe("parsePayoutSchedule", () => {
  it("reads a day and a time in Buea, or off; refuses anything else", () => {
    expect(parsePayoutSchedule("mon 00:00")).toEqual({ weekday: 1, minute: 0 });
    expect(parsePayoutSchedule(" FRI 14:30 ")).toEqual({ weekday: 5, minute: 870 });
    expect(parsePayoutSchedule("off")).toBe("off");
    for (const bad of ["monday 00:00", "mon 24:00", "mon 9:00", "mon", "", "xyz 10:00", "mon 10:60"])
      expect(parsePayoutSchedule(bad), bad).toBeNull();
    expect(formatPayoutSchedule({ weekday: 5, minute: 870 })).toBe("fri 14:30");
  });
});

describe("payout periods (Monday 00:00 in Buea by default)", () => {
  const monday = DEFAULT_PAYOUT_SCHEDULE;

  it("a period starts at the scheduled instant itself, not a moment later", () => {
    // Monday 30 November 2026 00:00 in Buea is Sunday 23:00 UTC.
    expect(iso(payoutPeriodStart(new Date("2026-11-29T23:00:00.000Z"), monday))).toBe("2026-11-29T23:00:00.000Z");
    expect(iso(payoutPeriodStart(new Date("2026-11-29T22:59:59.999Z"), monday))).toBe("2026-11-22T23:00:00.000Z");
    expect(iso(payoutPeriodStart(new Date("2026-12-03T12:00:00.000Z"), monday))).toBe("2026-11-29T23:00:00.000Z");
  });

  it("another day and time: Friday 14:30 in Buea is 13:30 UTC", () => {
    const friday = { weekday: 5, minute: 870 };
    expect(iso(payoutPeriodStart(new Date("2026-12-04T13:29:00.000Z"), friday))).toBe("2026-11-27T13:30:00.000Z");
    expect(iso(payoutPeriodStart(new Date("2026-12-04T13:30:00.000Z"), friday))).toBe("2026-12-04T13:30:00.000Z");
    expect(iso(nextScheduledPayout(new Date("2026-12-04T13:30:00.000Z"), friday))).toBe("2026-12-11T13:30:00.000Z");
  });

  it("the default schedule announces the date agents were promised (nextWeeklyPayout)", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2020-01-01"), max: new Date("2035-01-01"), noInvalidDate: true }), (now) => {
        expect(nextScheduledPayout(now, monday).getTime()).toBe(nextWeeklyPayout(now).getTime());
      }),
    );
  });

  it("any schedule: the period holding now starts at or before it, within a week, on the scheduled day and time", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2020-01-01"), max: new Date("2035-01-01"), noInvalidDate: true }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 1439 }),
        (now, weekday, minute) => {
          const start = payoutPeriodStart(now, { weekday, minute });
          expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(now.getTime() - start.getTime()).toBeLessThan(7 * 24 * 3600_000);
          const buea = new Date(start.getTime() + 3600_000);
          expect(buea.getUTCDay()).toBe(weekday);
          expect(buea.getUTCHours() * 60 + buea.getUTCMinutes()).toBe(minute);
        },
      ),
    );
  });
});
