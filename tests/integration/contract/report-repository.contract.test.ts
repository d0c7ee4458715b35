import { afterEach, beforeEach, expect, it } from "vitest";
import type { ListingReport } from "#domain/reports/listing-report.entity";
import { InMemoryReportRepository } from "#domain/reports/in-memory-report-repository";
import type { ReportRepository } from "#domain/reports/report-repository.port";
import { KyselyReportRepository } from "#infrastructure/repositories/kysely-report-repository";
import { allDatabaseKinds, createTestDatabase, type TestDatabase, describeEachDatabase } from "../../support/test-database";
import { insertAgent, insertProfile, insertProperty } from "./discovery-fixtures";

interface Harness {
  repo: ReportRepository;
  /** The listing's moderation state as stored. */
  listing(id: string): Promise<{ hidden: boolean; available: boolean }>;
  close(): Promise<void>;
}

/** u4's account: created on 20 November at 08:00. */
const YOUNG = "2026-11-20T08:00:00.000Z";

async function harness(kind: string): Promise<Harness> {
  if (kind === "memory") {
    const repo = new InMemoryReportRepository();
    repo.putListing({ id: "p1", agentId: "agent", title: "Room p1" });
    repo.putListing({ id: "p2", agentId: "agent", title: "Room p2" });
    repo.putUser("u1", "Ama");
    repo.putUser("u2", "Bih");
    repo.putUser("u3", "Unconfirmed", { emailConfirmed: false, createdAt: new Date("2026-11-01T08:00:00Z") });
    repo.putUser("u4", "Young", { createdAt: new Date(YOUNG) });
    return {
      repo,
      listing: async (id) => {
        const l = repo.listing(id);
        return { hidden: Boolean(l?.hiddenAt), available: l?.isAvailable ?? false };
      },
      close: async () => {},
    };
  }
  const t: TestDatabase = await createTestDatabase(kind as "sqlite" | "postgres");
  await insertAgent(t.db, { id: "agent" });
  await insertProfile(t.db, { id: "u1", fullName: "Ama" });
  await insertProfile(t.db, { id: "u2", fullName: "Bih" });
  await insertProfile(t.db, { id: "admin", role: "admin" });
  await insertProfile(t.db, { id: "u3", fullName: "Unconfirmed" });
  await t.db.updateTable("profiles").set({ email_confirmed_at: null }).where("id", "=", "u3").execute();
  await insertProfile(t.db, { id: "u4", fullName: "Young" });
  await t.db.updateTable("profiles").set({ created_at: YOUNG }).where("id", "=", "u4").execute();
  await insertProperty(t.db, { id: "p1", agentId: "agent", title: "Room p1" });
  await insertProperty(t.db, { id: "p2", agentId: "agent", title: "Room p2" });
  return {
    repo: new KyselyReportRepository(t.db),
    listing: async (id) => {
      const row = await t.db.selectFrom("properties").select(["hidden_at", "is_available"]).where("id", "=", id).executeTakeFirstOrThrow();
      return { hidden: row.hidden_at !== null, available: row.is_available === 1 };
    },
    close: () => t.destroy(),
  };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));
const report = (id: string, reporterId: string, propertyId = "p1", minute = 1): ListingReport => ({
  id,
  propertyId,
  reporterId,
  reason: "scam",
  details: "Asked for money before the visit",
  status: "open",
  createdAt: at(minute),
  reviewedAt: null,
});

describeEachDatabase(["memory", ...allDatabaseKinds()])("ReportRepository on %s", (kind) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness(kind);
  });
  afterEach(() => h.close());

  it("finds the listing with its agent and moderation state", async () => {
    expect(await h.repo.lockListing("p1")).toEqual({ id: "p1", agentId: "agent", hiddenAt: null });
    expect(await h.repo.lockListing("nope")).toBeNull();
  });

  it("stores a report, one open per reporter per listing", async () => {
    expect(await h.repo.add(report("r1", "u1"))).toBe(true);
    expect(await h.repo.add(report("r2", "u1"))).toBe(false);
    expect(await h.repo.add(report("r3", "u1", "p2"))).toBe(true);
    expect(await h.repo.findById("r1")).toEqual(report("r1", "u1"));
    expect(await h.repo.findById("r2")).toBeNull();
    expect(await h.repo.countOpenReporters("p1")).toBe(1);
    expect(await h.repo.add(report("r4", "u2"))).toBe(true);
    expect(await h.repo.countOpenReporters("p1")).toBe(2);
  });

  it("closes one report or all open ones, and accepts a new report after closing", async () => {
    await h.repo.add(report("r1", "u1", "p1", 1));
    await h.repo.add(report("r2", "u2", "p1", 2));
    await h.repo.closeOpen("p1", "dismissed", at(5), "r1");
    expect(await h.repo.findById("r1")).toMatchObject({ status: "dismissed", reviewedAt: at(5) });
    expect(await h.repo.countOpenReporters("p1")).toBe(1);
    expect(await h.repo.add(report("r3", "u1", "p1", 6))).toBe(true);
    await h.repo.closeOpen("p1", "upheld", at(7));
    expect(await h.repo.countOpenReporters("p1")).toBe(0);
    expect(await h.repo.countUpheld("p1")).toBe(2);
    expect((await h.repo.findById("r1"))?.status).toBe("dismissed");
  });

  it("hides, shows and withdraws a listing", async () => {
    await h.repo.hideListing("p1", at(1));
    expect(await h.repo.lockListing("p1")).toEqual({ id: "p1", agentId: "agent", hiddenAt: at(1) });
    await h.repo.hideListing("p1", at(2));
    expect((await h.repo.lockListing("p1"))?.hiddenAt).toEqual(at(1));
    await h.repo.unhideListing("p1");
    expect(await h.listing("p1")).toEqual({ hidden: false, available: true });
    await h.repo.withdrawListing("p1", at(3));
    expect(await h.listing("p1")).toEqual({ hidden: true, available: false });
    expect((await h.repo.lockListing("p1"))?.hiddenAt).toEqual(at(3));
  });

  it("lists open reports oldest first with listing and reporter names", async () => {
    await h.repo.add(report("r2", "u2", "p1", 2));
    await h.repo.add(report("r1", "u1", "p2", 1));
    await h.repo.add(report("r3", "u1", "p1", 3));
    await h.repo.closeOpen("p1", "dismissed", at(4), "r3");
    await h.repo.hideListing("p1", at(4));
    const open = await h.repo.listOpen(10);
    expect(open.map((r) => [r.id, r.propertyTitle, r.reporterName, r.listingHidden])).toEqual([
      ["r1", "Room p2", "Ama", false],
      ["r2", "Room p1", "Bih", true],
    ]);
    expect(open[0]).toMatchObject({ reason: "scam", details: "Asked for money before the visit", createdAt: at(1) });
    expect(await h.repo.listOpen(1)).toHaveLength(1);
  });

  it("lists the reports a user filed, newest first, any status, with the listing's title", async () => {
    await h.repo.add(report("r1", "u1", "p2", 1));
    await h.repo.add(report("r2", "u2", "p1", 2));
    await h.repo.add(report("r3", "u1", "p1", 3));
    await h.repo.closeOpen("p1", "dismissed", at(4), "r3");
    const filed = await h.repo.listFiledBy("u1", 10);
    expect(filed.map((r) => [r.id, r.propertyTitle, r.status])).toEqual([
      ["r3", "Room p1", "dismissed"],
      ["r1", "Room p2", "open"],
    ]);
    expect(filed[1]).toMatchObject({ reporterId: "u1", propertyId: "p2", createdAt: at(1), reviewedAt: null });
    expect(await h.repo.listFiledBy("u1", 1)).toHaveLength(1);
    expect(await h.repo.listFiledBy("nobody", 10)).toEqual([]);
  });

  it("records an admin decision", async () => {
    await h.repo.add(report("r1", "u1"));
    await expect(h.repo.recordDecision({ adminId: "admin", reportId: "r1", decision: "dismiss", at: at(2) })).resolves.toBeUndefined();
  });

  it("counts open reporters with a confirmed e-mail and an account old enough (decision 0108)", async () => {
    for (const [id, user] of [
      ["r1", "u1"],
      ["r2", "u2"],
      ["r3", "u3"],
      ["r4", "u4"],
    ])
      await h.repo.add(report(id, user));
    await h.repo.add(report("r5", "u1", "p2"));
    expect(await h.repo.countOpenReporters("p1")).toBe(4);
    // u4 was created at 08:00 on the 20th: counted from then on, not a millisecond earlier.
    expect(await h.repo.countTrustedOpenReporters("p1", new Date(YOUNG))).toBe(3);
    expect(await h.repo.countTrustedOpenReporters("p1", new Date(Date.parse(YOUNG) - 1))).toBe(2);
    await h.repo.closeOpen("p1", "dismissed", at(5), "r1");
    expect(await h.repo.countTrustedOpenReporters("p1", new Date(YOUNG))).toBe(2);
    expect(await h.repo.countTrustedOpenReporters("p2", new Date(YOUNG))).toBe(1);
  });

  it("counts a user's reports since a moment, whatever their status, and locks the reporter", async () => {
    await h.repo.add(report("r1", "u1", "p1", 1));
    await h.repo.add(report("r2", "u1", "p2", 3));
    await h.repo.add(report("r3", "u2", "p2", 3));
    await h.repo.closeOpen("p1", "dismissed", at(4));
    expect(await h.repo.countReportsSince("u1", at(1))).toBe(2);
    expect(await h.repo.countReportsSince("u1", at(2))).toBe(1);
    expect(await h.repo.countReportsSince("u1", at(4))).toBe(0);
    expect(await h.repo.countReportsSince("u3", at(0))).toBe(0);
    await h.repo.lockReporter("u1");
    await h.repo.lockReporter("nobody");
  });
});
