// The report use cases over the real database: the Kysely unit of work keeps a report and the
// hiding together, and concurrent reports from two users still hide the listing.
import { afterEach, beforeEach, expect, it } from "vitest";
import { reportListing } from "#domain/reports/report-listing.use-case";
import { reviewReport } from "#domain/reports/review-report.use-case";
import { FixedClock } from "#domain/shared/clock";
import { kyselyReportUnitOfWork } from "#infrastructure/repositories/kysely-report-repository";
import { allDatabaseKinds, createTestDatabase, type TestDatabase, describeEachDatabase } from "../../support/test-database";
import { insertAgent, insertProfile, insertProperty } from "../contract/discovery-fixtures";
import { CountingPublicPages } from "#domain/shared/public-pages.port";

describeEachDatabase(allDatabaseKinds())("listing reports on %s", (kind) => {
  let t: TestDatabase;
  let n = 0;
  const ids = { id: () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}` };
  const clock = new FixedClock(new Date("2026-11-20T09:00:00Z"));
  beforeEach(async () => {
    t = await createTestDatabase(kind);
    await insertAgent(t.db, { id: "agent" });
    for (let i = 1; i <= 6; i++) await insertProfile(t.db, { id: `u${i}` });
    await insertProperty(t.db, { id: "p1", agentId: "agent" });
  });
  afterEach(() => t.destroy());
  const deps = () => ({ uow: kyselyReportUnitOfWork(t.db), clock, ids, publicPages: new CountingPublicPages() });
  const listing = () =>
    t.db.selectFrom("properties").select(["hidden_at", "is_available"]).where("id", "=", "p1").executeTakeFirstOrThrow();

  it("hides the listing when reports from different users arrive at the same time", async () => {
    const results = await Promise.all(
      ["u1", "u2", "u3", "u4"].map((userId) => reportListing(deps(), { userId, propertyId: "p1", reason: "scam" })),
    );
    // The listing lock serialises the reports: the first two land and hide the listing, the later
    // ones find it hidden. Without the lock each would count only its own report and none would hide it.
    expect(results.map((r) => (r.ok ? "ok" : r.error.code)).sort()).toEqual([
      "listings.property_not_found",
      "listings.property_not_found",
      "ok",
      "ok",
    ]);
    expect((await listing()).hidden_at).not.toBeNull();
    const open = await t.db.selectFrom("listing_reports").select("id").where("status", "=", "open").execute();
    expect(open).toHaveLength(2);
  });

  it("lets one of two simultaneous identical reports through", async () => {
    const results = await Promise.all([1, 2].map(() => reportListing(deps(), { userId: "u1", propertyId: "p1", reason: "scam" })));
    expect(results.map((r) => (r.ok ? "ok" : r.error.code)).sort()).toEqual(["listings.already_reported", "ok"]);
  });

  it("unhides after every open report is dismissed and withdraws on uphold", async () => {
    const a = await reportListing(deps(), { userId: "u1", propertyId: "p1", reason: "scam" });
    const b = await reportListing(deps(), { userId: "u2", propertyId: "p1", reason: "other", details: "Photos are of another house" });
    if (!a.ok || !b.ok) throw new Error("setup");
    expect(b.value.listingHidden).toBe(true);
    await reviewReport(deps(), { adminId: "u6", reportId: a.value.reportId, decision: "dismiss" });
    expect((await listing()).hidden_at).not.toBeNull();
    await reviewReport(deps(), { adminId: "u6", reportId: b.value.reportId, decision: "dismiss" });
    expect(await listing()).toEqual({ hidden_at: null, is_available: 1 });

    const c = await reportListing(deps(), { userId: "u3", propertyId: "p1", reason: "offensive" });
    if (!c.ok) throw new Error("setup");
    await reviewReport(deps(), { adminId: "u6", reportId: c.value.reportId, decision: "uphold" });
    expect(await listing()).toMatchObject({ is_available: 0 });
    expect((await listing()).hidden_at).not.toBeNull();
    // The admin area's audit convention (decision 0121): the report, its status before and after.
    const audit = await t.db.selectFrom("audit_log").select(["actor_id", "action", "data"]).orderBy("created_at").orderBy("id").execute();
    expect(audit.map((a) => [a.actor_id, a.action])).toEqual(Array(3).fill(["u6", "admin.report_closed"]));
    const data = audit.map((a) => (typeof a.data === "string" ? JSON.parse(a.data) : a.data) as Record<string, string>);
    expect(data.map((d) => d.after).sort()).toEqual(['{"status":"dismissed"}', '{"status":"dismissed"}', '{"status":"upheld"}']);
    expect(new Set(data.map((d) => d.target))).toEqual(
      new Set([a.value.reportId, b.value.reportId, c.value.reportId].map((id) => `report:${id}`)),
    );
    for (const d of data) expect(d.before).toBe('{"status":"open"}');
  });

  it("holds the daily report limit when one user reports many listings at the same moment (decision 0108)", async () => {
    const targets = Array.from({ length: 8 }, (_, i) => `q${i}`);
    for (const id of targets) await insertProperty(t.db, { id, agentId: "agent" });
    for (const id of ["q0", "q1", "q2", "q3"])
      expect((await reportListing(deps(), { userId: "u1", propertyId: id, reason: "scam" })).ok).toBe(true);
    const results = await Promise.all(
      targets
        .slice(4)
        .concat("p1")
        .map((propertyId) => reportListing(deps(), { userId: "u1", propertyId, reason: "scam" })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok))
      expect(r).toEqual({ ok: false, error: { code: "listings.too_many_reports", params: { max: 5 } } });
    const mine = await t.db.selectFrom("listing_reports").select("id").where("reporter_id", "=", "u1").execute();
    expect(mine).toHaveLength(5);
  });

  it("does not hide a listing on reports from accounts less than a day old", async () => {
    for (const id of ["u4", "u5"])
      await t.db.updateTable("profiles").set({ created_at: "2026-11-19T12:00:00.000Z" }).where("id", "=", id).execute();
    expect(await reportListing(deps(), { userId: "u4", propertyId: "p1", reason: "scam" })).toMatchObject({
      ok: true,
      value: { listingHidden: false },
    });
    expect(await reportListing(deps(), { userId: "u5", propertyId: "p1", reason: "scam" })).toMatchObject({
      ok: true,
      value: { listingHidden: false },
    });
    expect((await listing()).hidden_at).toBeNull();
    expect(await reportListing(deps(), { userId: "u1", propertyId: "p1", reason: "scam" })).toMatchObject({
      ok: true,
      value: { listingHidden: false },
    });
    expect(await reportListing(deps(), { userId: "u2", propertyId: "p1", reason: "scam" })).toMatchObject({
      ok: true,
      value: { listingHidden: true },
    });
  });
});
