import { describe, expect, it } from "vitest";
import { getAgentEarnings } from "#domain/commission/agent-earnings.query";
import { InMemoryAgentEarningsReader } from "#domain/commission/in-memory-agent-earnings-reader";
import { nextWeeklyPayout } from "#domain/commission/weekly-payout";
import { FixedClock } from "#domain/shared/clock";

// Monday 23 November 2026 00:00 in Buea (UTC+1) is Sunday 22 November 2026 23:00 UTC.
const PAYOUT = "2026-11-22T23:00:00.000Z";
const FOLLOWING = "2026-11-29T23:00:00.000Z";

const payoutAt = (now: string) => nextWeeklyPayout(new FixedClock(new Date(now)).now()).toISOString();

describe("nextWeeklyPayout (Monday 00:00 Africa/Douala)", () => {
  it("just before the payout instant: that payout", () => {
    expect(payoutAt("2026-11-22T22:59:59.999Z")).toBe(PAYOUT);
  });

  it("exactly on the payout instant: the following week's (this one is under way)", () => {
    expect(payoutAt(PAYOUT)).toBe(FOLLOWING);
  });

  it("just after the payout instant: the following week's", () => {
    expect(payoutAt("2026-11-22T23:00:00.001Z")).toBe(FOLLOWING);
  });

  it("uses Buea's date, not UTC's: Sunday 23:30 UTC is already Monday in Buea", () => {
    expect(payoutAt("2026-11-22T23:30:00.000Z")).toBe(FOLLOWING);
    // Sunday 00:30 UTC is Sunday 01:30 in Buea: the payout is that night.
    expect(payoutAt("2026-11-22T00:30:00.000Z")).toBe(PAYOUT);
  });

  it("from any day of the week, within seven days and always on a Monday 00:00 in Buea", () => {
    for (let h = 0; h < 24 * 7; h += 5) {
      const now = new Date(Date.parse("2026-11-23T00:00:00.000Z") + h * 3_600_000);
      const next = nextWeeklyPayout(now);
      expect(next.getTime()).toBeGreaterThan(now.getTime());
      expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(7 * 24 * 3_600_000);
      const buea = new Date(next.getTime() + 3_600_000);
      expect([buea.getUTCDay(), buea.getUTCHours(), buea.getUTCMinutes()]).toEqual([1, 0, 0]);
    }
  });

  it("is the date getAgentEarnings reports, from the injected clock", async () => {
    const reader = new InMemoryAgentEarningsReader({ rows: () => [], titleOf: () => "" });
    const clock = new FixedClock(new Date("2026-11-22T22:59:59.999Z"));
    expect((await getAgentEarnings({ earnings: reader, clock }, "agent-1", 1)).nextPayoutAt.toISOString()).toBe(PAYOUT);
    clock.set(PAYOUT);
    expect((await getAgentEarnings({ earnings: reader, clock }, "agent-1", 1)).nextPayoutAt.toISOString()).toBe(FOLLOWING);
  });
});
