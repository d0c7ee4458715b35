import { beforeEach, describe, expect, it } from "vitest";
import { InMemoryReportRepository, InMemoryReportUnitOfWork } from "#domain/reports/in-memory-report-repository";
import { reportListing } from "#domain/reports/report-listing.use-case";
import { listOpenReports } from "#domain/reports/reports.queries";
import { reviewReport } from "#domain/reports/review-report.use-case";
import { FixedClock, MINUTE_MS } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { CountingPublicPages } from "#domain/shared/public-pages.port";

describe("listing reports", () => {
  let reports: InMemoryReportRepository;
  let deps: { uow: InMemoryReportUnitOfWork; clock: FixedClock; ids: SequentialIds; publicPages: CountingPublicPages };
  beforeEach(() => {
    reports = new InMemoryReportRepository();
    reports.putListing({ id: "p1", agentId: "agent", title: "Room in Molyko" });
    for (const u of ["u1", "u2", "u3"]) reports.putUser(u);
    deps = {
      uow: new InMemoryReportUnitOfWork(reports),
      clock: new FixedClock(new Date("2026-11-20T09:00:00Z")),
      ids: new SequentialIds("r"),
      publicPages: new CountingPublicPages(),
    };
  });
  const report = (userId: string, reason = "scam", details = "") => {
    deps.clock.advance(MINUTE_MS);
    return reportListing(deps, { userId, propertyId: "p1", reason, details });
  };

  it("records a report and keeps the listing visible after one reporter", async () => {
    const r = await report("u1", "wrong_price", "  Asked 40 000, listed 25 000  ");
    expect(r).toEqual({ ok: true, value: { reportId: "r-000001", listingHidden: false } });
    expect(reports.listing("p1")?.hiddenAt).toBeNull();
    const [open] = await listOpenReports({ reports });
    expect(open).toMatchObject({
      id: "r-000001",
      reason: "wrong_price",
      details: "Asked 40 000, listed 25 000",
      propertyTitle: "Room in Molyko",
    });
  });

  it("hides the listing once two different users have open reports", async () => {
    await report("u1");
    const second = await report("u2", "unavailable");
    expect(second).toEqual({ ok: true, value: { reportId: "r-000002", listingHidden: true } });
    expect(reports.listing("p1")?.hiddenAt).toEqual(deps.clock.now());
    // Only the report that hid the listing changed a public page.
    expect(deps.publicPages.changes).toBe(1);
  });

  it("allows one open report per user per listing", async () => {
    await report("u1");
    expect(await report("u1", "other")).toEqual({ ok: false, error: { code: "listings.already_reported" } });
    expect(reports.listing("p1")?.hiddenAt).toBeNull();
  });

  it("validates the reason and the details' length", async () => {
    expect(await report("u1", "ugly")).toEqual({ ok: false, error: { code: "listings.invalid_report_reason" } });
    expect(await report("u1", "other", "x".repeat(1001))).toEqual({
      ok: false,
      error: { code: "listings.report_details_too_long", params: { max: 1000 } },
    });
    expect((await report("u1", "other", "x".repeat(1000))).ok).toBe(true);
  });

  it("refuses a missing or hidden listing and the agent's own listing", async () => {
    expect(await reportListing(deps, { userId: "u1", propertyId: "nope", reason: "scam" })).toEqual({
      ok: false,
      error: { code: "listings.property_not_found" },
    });
    expect(await reportListing(deps, { userId: "agent", propertyId: "p1", reason: "scam" })).toEqual({
      ok: false,
      error: { code: "listings.cannot_report_own_listing" },
    });
    reports.putListing({ id: "p2", agentId: "agent", hiddenAt: new Date("2026-11-01T00:00:00Z") });
    expect((await reportListing(deps, { userId: "u1", propertyId: "p2", reason: "scam" })).ok).toBe(false);
  });

  it("shows the listing again only once every open report is dismissed", async () => {
    const a = await report("u1");
    const b = await report("u2");
    if (!a.ok || !b.ok) throw new Error("setup");
    expect(await reviewReport(deps, { adminId: "admin", reportId: a.value.reportId, decision: "dismiss" })).toEqual({
      ok: true,
      value: { propertyId: "p1", listingHidden: true },
    });
    expect(reports.listing("p1")?.hiddenAt).not.toBeNull();
    expect(await reviewReport(deps, { adminId: "admin", reportId: b.value.reportId, decision: "dismiss" })).toEqual({
      ok: true,
      value: { propertyId: "p1", listingHidden: false },
    });
    expect(reports.listing("p1")).toMatchObject({ hiddenAt: null, isAvailable: true });
    expect(await listOpenReports({ reports })).toEqual([]);
    expect(reports.state.decisions.map((d) => [d.adminId, d.decision])).toEqual([
      ["admin", "dismiss"],
      ["admin", "dismiss"],
    ]);
  });

  it("keeps an upheld listing hidden and unavailable, closing its other open reports", async () => {
    const a = await report("u1");
    await report("u2");
    if (!a.ok) throw new Error("setup");
    expect(await reviewReport(deps, { adminId: "admin", reportId: a.value.reportId, decision: "uphold" })).toEqual({
      ok: true,
      value: { propertyId: "p1", listingHidden: true },
    });
    expect(reports.listing("p1")).toMatchObject({ isAvailable: false });
    expect(reports.listing("p1")?.hiddenAt).not.toBeNull();
    expect(await listOpenReports({ reports })).toEqual([]);
  });

  it("hides a listing when a single report is upheld", async () => {
    const a = await report("u1");
    if (!a.ok) throw new Error("setup");
    await reviewReport(deps, { adminId: "admin", reportId: a.value.reportId, decision: "uphold" });
    expect(reports.listing("p1")).toMatchObject({ isAvailable: false, hiddenAt: deps.clock.now() });
  });

  it("refuses to review a report twice or a missing one", async () => {
    const a = await report("u1");
    if (!a.ok) throw new Error("setup");
    await reviewReport(deps, { adminId: "admin", reportId: a.value.reportId, decision: "dismiss" });
    expect(await reviewReport(deps, { adminId: "admin", reportId: a.value.reportId, decision: "uphold" })).toEqual({
      ok: false,
      error: { code: "listings.report_already_reviewed" },
    });
    expect(await reviewReport(deps, { adminId: "admin", reportId: "nope", decision: "dismiss" })).toEqual({
      ok: false,
      error: { code: "listings.report_not_found" },
    });
    expect(reports.listing("p1")?.isAvailable).toBe(true);
  });

  it("lets a user report again after their earlier report was dismissed", async () => {
    const a = await report("u1");
    if (!a.ok) throw new Error("setup");
    await reviewReport(deps, { adminId: "admin", reportId: a.value.reportId, decision: "dismiss" });
    expect((await report("u1", "offensive")).ok).toBe(true);
  });

  it("rolls the report back when hiding the listing fails", async () => {
    await report("u1");
    reports.hideListing = async () => {
      throw new Error("disk full");
    };
    await expect(report("u2")).rejects.toThrow("disk full");
    expect(await reports.countOpenReporters("p1")).toBe(1);
  });

  describe("against abuse (decision 0108)", () => {
    const NOW = new Date("2026-11-20T09:00:00Z");
    const hoursBefore = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

    it("does not let reporters with an unconfirmed e-mail hide a listing, but keeps their reports", async () => {
      reports.putUser("fresh1", "fresh1", { emailConfirmed: false });
      reports.putUser("fresh2", "fresh2", { emailConfirmed: false });
      expect((await report("fresh1")).ok).toBe(true);
      expect(await report("fresh2")).toMatchObject({ ok: true, value: { listingHidden: false } });
      expect(reports.listing("p1")?.hiddenAt).toBeNull();
      expect(await listOpenReports({ reports })).toHaveLength(2);
    });

    it("trusts an account created exactly a day before the report, not one a millisecond younger", async () => {
      const DAY = 24 * 3_600_000;
      // report() moves the clock a minute before each report: they land at 09:01, 09:02 and 09:03.
      reports.putUser("young", "young", { createdAt: new Date(NOW.getTime() + 2 * MINUTE_MS - DAY + 1) });
      reports.putUser("exact", "exact", { createdAt: new Date(NOW.getTime() + 3 * MINUTE_MS - DAY) });
      await report("u1");
      expect(await report("young")).toMatchObject({ ok: true, value: { listingHidden: false } });
      expect(await report("exact")).toMatchObject({ ok: true, value: { listingHidden: true } });
    });

    it("hides once the second reporter is a trusted one", async () => {
      reports.putUser("new", "new", { createdAt: hoursBefore(23) });
      await report("u1");
      expect(await report("new")).toMatchObject({ ok: true, value: { listingHidden: false } });
      expect(await report("u2")).toMatchObject({ ok: true, value: { listingHidden: true } });
    });

    it("allows 5 reports a day per user and refuses the 6th; a day later the user may report again", async () => {
      for (let i = 1; i <= 7; i++) reports.putListing({ id: `q${i}`, agentId: "agent" });
      const file = (id: string) => {
        deps.clock.advance(MINUTE_MS);
        return reportListing(deps, { userId: "u1", propertyId: id, reason: "scam" });
      };
      for (let i = 1; i <= 5; i++) expect((await file(`q${i}`)).ok).toBe(true);
      expect(await file("q6")).toEqual({ ok: false, error: { code: "listings.too_many_reports", params: { max: 5 } } });
      expect((await listOpenReports({ reports })).filter((r) => r.reporterId === "u1")).toHaveLength(5);
      // Another user is not affected.
      expect((await reportListing(deps, { userId: "u2", propertyId: "q6", reason: "scam" })).ok).toBe(true);
      // The first report was at 09:01; at 09:01 the next day it still counts, a minute later it does not.
      deps.clock.advance(24 * 3_600_000 - 6 * MINUTE_MS);
      expect(await file("q6")).toEqual({ ok: false, error: { code: "listings.too_many_reports", params: { max: 5 } } });
      expect((await file("q7")).ok).toBe(true);
    });
  });
});
