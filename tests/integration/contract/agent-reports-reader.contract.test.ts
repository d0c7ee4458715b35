// The agent reports read model (issue 9) on the in-memory store, SQLite and PostgreSQL: for each
// window (7, 30, 90 days, and one with nothing in it) every figure equals the sum over raw rows
// generated here, the window's edges included or excluded to the millisecond and the day, only
// counted bookings counted, listings without activity shown as zeros, and one agent never sees
// another's listings. The daily counts go in through the tally's upsert (addView).
import { afterEach, beforeEach, expect, it } from "vitest";
import type { Booking, BookingStatus } from "#domain/booking/booking.entity";
import { addDays } from "#domain/booking/visit-date";
import { REPORT_PERIODS, reportWindow, type ReportWindow } from "#domain/agent-reports/agent-report.entity";
import type { AgentReportsReader } from "#domain/agent-reports/agent-reports-reader.port";
import type { PropertyViewTally } from "#domain/agent-reports/property-view-tally.port";
import { InMemoryAgentReportsReader } from "#domain/agent-reports/in-memory-agent-reports-reader";
import { InMemoryPropertyViewTally } from "#domain/agent-reports/in-memory-property-view-tally";
import { InMemoryMoneyStore } from "#domain/payment/in-memory-money-unit-of-work";
import { HOUR_MS, DAY_MS } from "#domain/shared/clock";
import { KyselyAgentReportsReader } from "#infrastructure/repositories/kysely-agent-reports-reader";
import { KyselyPropertyViewTally } from "#infrastructure/repositories/kysely-property-view-tally";
import { createPrng } from "#infrastructure/seed/prng";
import { describeEachDatabase } from "../../support/test-database";
import { aBooking, createMoneyFixture, moneyKinds, type MoneyFixture } from "./money-fixtures";

const NOW = new Date("2026-12-01T08:00:00.000Z"); // 09:00 in Buea, 1 December
const TODAY = "2026-12-01";
const PROPERTIES = [
  { id: "prop-1", agentId: "agent-1", title: "Studio near UB gate", neighbourhood: "Molyko" },
  { id: "prop-2", agentId: "agent-1", title: "Room in Bonduma", neighbourhood: "Molyko" },
  { id: "prop-3", agentId: "agent-1", title: "Quiet flat, no activity", neighbourhood: "Molyko" },
  { id: "prop-9", agentId: "agent-2", title: "Rival's flat", neighbourhood: "Molyko" },
];
// (The database fixture puts every property in Molyko.)
// Confirmed bookings are the most common, as in real life.
const STATUSES: BookingStatus[] = [
  "pending",
  "expired",
  "cancelled",
  "rebook_required",
  "confirmed",
  "confirmed",
  "confirmed",
  "confirmed",
];

interface RawView {
  propertyId: string;
  day: string;
  views: number;
}

describeEachDatabase(moneyKinds())("AgentReportsReader on %s", (kind) => {
  let f: MoneyFixture;
  let reader: AgentReportsReader;
  let tally: PropertyViewTally;
  let memoryTally: InMemoryPropertyViewTally | null;
  const views: RawView[] = [];
  const bookings: Booking[] = [];

  async function addViews(propertyId: string, day: string, n: number) {
    for (let i = 0; i < n; i++) await tally.addView(propertyId, day);
    views.push({ propertyId, day, views: n });
  }
  async function addBooking(b: Booking) {
    expect(await f.repos.bookings.insertBooking(b)).toBe("inserted");
    bookings.push(b);
  }

  /** The expected report, summed over the raw rows by the test itself. */
  function expected(agentId: string, w: ReportWindow) {
    const inside = (d: Date | null) => d !== null && d >= w.from && d < w.to;
    return PROPERTIES.filter((p) => p.agentId === agentId)
      .map((p) => ({
        propertyId: p.id,
        title: p.title,
        neighbourhood: p.neighbourhood,
        views: views.filter((v) => v.propertyId === p.id && v.day >= w.firstDay && v.day <= w.lastDay).reduce((s, v) => s + v.views, 0),
        visitBookings: bookings.filter(
          (b) => b.propertyId === p.id && b.paymentStatus === "confirmed" && b.bookingStatus !== "rebook_required" && inside(b.createdAt),
        ).length,
        confirmedViewings: bookings.filter((b) => b.propertyId === p.id && b.viewingOutcome === "confirmed" && inside(b.viewingRecordedAt))
          .length,
      }))
      .sort((a, b) => a.propertyId.localeCompare(b.propertyId));
  }
  const read = async (agentId: string, w: ReportWindow) =>
    (await reader.activityByProperty(agentId, w)).sort((a, b) => a.propertyId.localeCompare(b.propertyId));

  beforeEach(async () => {
    views.length = 0;
    bookings.length = 0;
    f = await createMoneyFixture(kind);
    await f.addUser("student-1");
    for (const p of PROPERTIES) await f.addProperty(p);
    if (f.uow instanceof InMemoryMoneyStore) {
      const store = f.uow;
      const memory = new InMemoryPropertyViewTally();
      for (const p of PROPERTIES) memory.putProperty(p.id, p.agentId);
      memoryTally = memory;
      tally = memory;
      reader = new InMemoryAgentReportsReader({
        properties: () => PROPERTIES,
        bookings: () => store.bookings.all(),
        viewDays: () => memory.rows(),
      });
    } else {
      memoryTally = null;
      tally = new KyselyPropertyViewTally(f.db!.db);
      reader = new KyselyAgentReportsReader(f.db!.db);
    }
  });
  afterEach(() => f.destroy());

  it("answers every listing of the agent with zeros when nothing happened", async () => {
    const w = reportWindow(NOW, 7);
    expect(await read("agent-1", w)).toEqual(expected("agent-1", w));
    expect((await read("agent-1", w)).map((r) => [r.propertyId, r.views, r.visitBookings, r.confirmedViewings])).toEqual([
      ["prop-1", 0, 0, 0],
      ["prop-2", 0, 0, 0],
      ["prop-3", 0, 0, 0],
    ]);
    expect(await read("agent-3", w)).toEqual([]);
  });

  it("names the listing's agent and adds views to the same day's row", async () => {
    expect(await tally.listingAgentOf("prop-9")).toBe("agent-2");
    expect(await tally.listingAgentOf("nope")).toBeNull();
    await addViews("prop-1", TODAY, 3);
    await addViews("prop-1", TODAY, 2);
    const w = reportWindow(NOW, 7);
    expect((await read("agent-1", w))[0]).toMatchObject({ propertyId: "prop-1", views: 5 });
    if (memoryTally) expect(memoryTally.rows()).toEqual([{ propertyId: "prop-1", day: TODAY, views: 5 }]);
    else
      expect(await f.db!.db.selectFrom("property_view_days").selectAll().execute()).toEqual([
        { property_id: "prop-1", day: TODAY, views: 5 },
      ]);
  });

  it("counts a window's edges to the day and the millisecond", async () => {
    const w = reportWindow(NOW, 7);
    expect(w).toEqual({
      firstDay: "2026-11-25",
      lastDay: TODAY,
      from: new Date("2026-11-24T23:00:00.000Z"),
      to: new Date("2026-12-01T23:00:00.000Z"),
    });
    await addViews("prop-1", "2026-11-24", 4); // the day before: out
    await addViews("prop-1", "2026-11-25", 1); // first day: in
    await addViews("prop-1", TODAY, 2); // today: in
    const secured = { paymentStatus: "confirmed" as const, bookingStatus: "confirmed" as const, holdExpiresAt: null };
    const edge = (id: string, createdAt: Date, recordedAt: Date | null, minute: number) =>
      aBooking({
        id,
        reference: `KN-${id}`,
        ...secured,
        createdAt,
        visitTime: `${minute}:00 AM`,
        viewingOutcome: recordedAt ? "confirmed" : null,
        viewingRecordedAt: recordedAt,
      });
    await addBooking(edge("b-before", new Date(w.from.getTime() - 1), new Date(w.from.getTime() - 1), 1)); // out, out
    await addBooking(edge("b-first", w.from, w.from, 2)); // in, in
    await addBooking(edge("b-last", new Date(w.to.getTime() - 1), new Date(w.to.getTime() - 1), 3)); // in, in
    await addBooking(edge("b-after", w.to, w.to, 4)); // out, out
    expect((await read("agent-1", w))[0]).toEqual({
      propertyId: "prop-1",
      title: "Studio near UB gate",
      neighbourhood: "Molyko",
      views: 3,
      visitBookings: 2,
      confirmedViewings: 2,
    });
  });

  it("equals sums over generated raw rows for every period, and never shows another agent's listing", async () => {
    const prng = createPrng(2026);
    const int = (n: number) => Math.floor(prng.next() * n);
    // 120 days of views on every listing, zero on some days.
    for (const p of PROPERTIES) {
      if (p.id === "prop-3") continue;
      for (let back = 0; back < 120; back += 1 + int(4)) await addViews(p.id, addDays(TODAY, -back), int(6));
    }
    // 60 bookings of every status, created over the last 120 days, some viewings confirmed or missed.
    for (let i = 0; i < 60; i++) {
      const property = PROPERTIES[[0, 1, 3][int(3)]];
      const createdAt = new Date(NOW.getTime() - int(120 * 24) * HOUR_MS);
      const bookingStatus = STATUSES[int(STATUSES.length)];
      const paymentStatus = bookingStatus === "pending" || bookingStatus === "expired" ? "pending" : "confirmed";
      const outcome = bookingStatus === "confirmed" ? ([null, "confirmed", "confirmed", "no_show"] as const)[int(4)] : null;
      await addBooking(
        aBooking({
          id: `b-${i}`,
          reference: `KN-R${String(i).padStart(4, "0")}`,
          propertyId: property.id,
          visitDate: addDays("2026-08-01", i),
          bookingStatus,
          paymentStatus,
          holdExpiresAt: bookingStatus === "pending" ? new Date(createdAt.getTime() + HOUR_MS) : null,
          createdAt,
          updatedAt: createdAt,
          viewingOutcome: outcome,
          viewingRecordedAt: outcome ? new Date(createdAt.getTime() + 2 * DAY_MS) : null,
        }),
      );
    }
    for (const period of REPORT_PERIODS) {
      const w = reportWindow(NOW, period);
      const want = expected("agent-1", w);
      expect(await read("agent-1", w)).toEqual(want);
      // The generated rows really land in each window (the test could not pass on zeros alone).
      const sum = (k: "views" | "visitBookings" | "confirmedViewings") => want.reduce((s, r) => s + r[k], 0);
      expect(sum("views")).toBeGreaterThan(0);
      if (period >= 30) expect([sum("visitBookings"), sum("confirmedViewings")].every((n) => n > 0)).toBe(true);
      expect((await read("agent-2", w)).map((r) => r.propertyId)).toEqual(["prop-9"]);
      expect(await read("agent-2", w)).toEqual(expected("agent-2", w));
    }
    // A window before anything happened: every listing, all zeros.
    const empty = reportWindow(new Date("2026-01-15T12:00:00Z"), 30);
    expect((await read("agent-1", empty)).every((r) => r.views === 0 && r.visitBookings === 0 && r.confirmedViewings === 0)).toBe(true);
  });
});
