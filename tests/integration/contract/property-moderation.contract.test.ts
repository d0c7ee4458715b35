// The admin's property moderation on the in-memory adapter, SQLite and PostgreSQL: the list's
// order and filters, the two switches, and a decision with its audit row in one transaction.
import { afterEach, beforeEach, expect, it } from "vitest";
import { InMemoryAuditLog } from "#domain/accounts/in-memory-account-repositories";
import { InMemoryModerationUnitOfWork, InMemoryPropertyModeration } from "#domain/property-moderation/in-memory-property-moderation";
import type { ModerationRepos, PropertyModerationRepository } from "#domain/property-moderation/property-moderation.port";
import { restoreProperty, setPropertyVerified } from "#domain/property-moderation/moderate-property.use-cases";
import { InMemoryReportRepository } from "#domain/reports/in-memory-report-repository";
import { FixedClock } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import type { UnitOfWork } from "#domain/shared/transaction";
import { KyselyPropertyModeration, kyselyModerationUnitOfWork } from "#infrastructure/repositories/kysely-property-moderation";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";
import { insertAgent, insertProfile, insertProperty } from "./discovery-fixtures";
import { CountingPublicPages } from "#domain/shared/public-pages.port";

const NOW = new Date("2026-11-22T10:00:00Z");
const created = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();

interface Harness {
  properties: PropertyModerationRepository;
  uow: UnitOfWork<ModerationRepos>;
  audit(): Promise<{ action: string; actor: string | null; data: Record<string, unknown> }[]>;
  close(): Promise<void>;
}

async function harness(kind: string): Promise<Harness> {
  const listings: [string, number, boolean, boolean][] = [
    // id, minute created, verified, hidden
    ["p1", 1, true, false],
    ["p2", 2, false, false],
    ["p3", 3, true, true],
    ["p4", 4, false, true],
    ["p5", 5, true, false],
  ];
  if (kind === "memory") {
    const reports = new InMemoryReportRepository();
    const properties = new InMemoryPropertyModeration(reports);
    const audit = new InMemoryAuditLog();
    for (const [id, minute, isVerified, hidden] of listings) {
      properties.put({
        id,
        agentId: "agent",
        title: `Room ${id}`,
        agentName: "Agent Ama",
        isVerified,
        hiddenAt: hidden ? NOW : null,
        createdAt: new Date(created(minute)),
      });
    }
    reports.putUser("u1");
    await reports.add({
      id: "r1",
      propertyId: "p4",
      reporterId: "u1",
      reason: "scam",
      details: "",
      status: "open",
      createdAt: NOW,
      reviewedAt: null,
    });
    return {
      properties,
      uow: new InMemoryModerationUnitOfWork(properties, audit),
      audit: async () => (await audit.list({ limit: 100 })).map((e) => ({ action: e.action, actor: e.actorId, data: e.data })),
      close: async () => {},
    };
  }
  const t: TestDatabase = await createTestDatabase(kind as "sqlite" | "postgres");
  await insertAgent(t.db, { id: "agent", fullName: "Agent Ama" });
  await insertProfile(t.db, { id: "admin", role: "admin" });
  await insertProfile(t.db, { id: "u1" });
  for (const [id, minute, isVerified, hidden] of listings) {
    await insertProperty(t.db, { id, agentId: "agent", createdAt: created(minute), hiddenAt: hidden ? NOW.toISOString() : null });
    await t.db
      .updateTable("properties")
      .set({ is_verified: isVerified ? 1 : 0 })
      .where("id", "=", id)
      .execute();
  }
  await t.db
    .insertInto("listing_reports")
    .values({
      id: "r1",
      property_id: "p4",
      reporter_id: "u1",
      reason: "scam",
      details: "",
      status: "open",
      created_at: NOW.toISOString(),
      reviewed_at: null,
    })
    .execute();
  return {
    properties: new KyselyPropertyModeration(t.db),
    uow: kyselyModerationUnitOfWork(t.db),
    audit: async () =>
      (await t.db.selectFrom("audit_log").selectAll().orderBy("created_at", "desc").execute()).map((r) => ({
        action: r.action,
        actor: r.actor_id,
        data: JSON.parse(r.data) as Record<string, unknown>,
      })),
    close: () => t.destroy(),
  };
}

describeEachDatabase(["memory", ...allDatabaseKinds()])("PropertyModeration on %s", (kind) => {
  let h: Harness;
  const deps = () => ({ uow: h.uow, clock: new FixedClock(NOW), ids: new SequentialIds("audit"), publicPages: new CountingPublicPages() });
  beforeEach(async () => {
    h = await harness(kind);
  });
  afterEach(() => h.close());

  it("lists unverified first, then newest, with each filter and its total", async () => {
    const all = await h.properties.list({ filter: "all", limit: 10, offset: 0, countLimit: 100 });
    expect(all.items.map((p) => p.id)).toEqual(["p4", "p2", "p5", "p3", "p1"]);
    expect(all.total).toBe(5);
    expect(all.items[0]).toMatchObject({
      agentId: "agent",
      agentName: "Agent Ama",
      isVerified: false,
      hiddenAt: NOW,
      openReports: 1,
      monthlyRent: 25000,
    });
    expect((await h.properties.list({ filter: "all", limit: 2, offset: 2, countLimit: 100 })).items.map((p) => p.id)).toEqual(["p5", "p3"]);
    expect((await h.properties.list({ filter: "unverified", limit: 10, offset: 0, countLimit: 100 })).items.map((p) => p.id)).toEqual([
      "p4",
      "p2",
    ]);
    expect((await h.properties.list({ filter: "verified", limit: 10, offset: 0, countLimit: 100 })).items.map((p) => p.id)).toEqual([
      "p5",
      "p3",
      "p1",
    ]);
    expect((await h.properties.list({ filter: "hidden", limit: 10, offset: 0, countLimit: 100 })).items.map((p) => p.id)).toEqual([
      "p4",
      "p3",
    ]);
    const reported = await h.properties.list({ filter: "reported", limit: 10, offset: 0, countLimit: 100 });
    expect([reported.total, reported.items.map((p) => p.id)]).toEqual([1, ["p4"]]);
  });

  it("counts the matches only up to countLimit, from the first match whatever the page, filters kept", async () => {
    expect((await h.properties.list({ filter: "all", limit: 1, offset: 0, countLimit: 3 })).total).toBe(3);
    expect((await h.properties.list({ filter: "all", limit: 1, offset: 4, countLimit: 5 })).total).toBe(5);
    expect((await h.properties.list({ filter: "all", limit: 1, offset: 0, countLimit: 6 })).total).toBe(5);
    expect((await h.properties.list({ filter: "verified", limit: 1, offset: 0, countLimit: 2 })).total).toBe(2);
    expect((await h.properties.list({ filter: "verified", limit: 1, offset: 0, countLimit: 4 })).total).toBe(3);
  });

  it("finds, verifies and hides a property", async () => {
    expect(await h.properties.find("p2")).toEqual({ id: "p2", agentId: "agent", title: "Room p2", isVerified: false, hiddenAt: null });
    expect(await h.properties.find("nope")).toBeNull();
    await h.properties.setVerified("p2", true, NOW);
    await h.properties.setHidden("p2", NOW, NOW);
    expect(await h.properties.find("p2")).toMatchObject({ isVerified: true, hiddenAt: NOW });
    await h.properties.setHidden("p2", null, NOW);
    expect((await h.properties.find("p2"))?.hiddenAt).toBeNull();
  });

  it("restores a reported listing with its reports closed and one audit row, all in one transaction", async () => {
    const r = await restoreProperty(deps(), { adminId: "admin", propertyId: "p4" });
    expect(r.ok && r.value.reportsClosed).toBe(1);
    expect((await h.properties.find("p4"))?.hiddenAt).toBeNull();
    expect((await h.properties.list({ filter: "reported", limit: 10, offset: 0, countLimit: 100 })).total).toBe(0);
    expect(await h.audit()).toEqual([
      {
        action: "admin.listing_restored",
        actor: "admin",
        data: {
          target: "property:p4",
          before: `{"isVerified":false,"hiddenAt":"${NOW.toISOString()}"}`,
          after: '{"isVerified":false,"hiddenAt":null}',
          reportsClosed: 1,
        },
      },
    ]);
  });

  it("rolls the change back when the work fails after it", async () => {
    await expect(
      h.uow.run(async (repos) => {
        await repos.properties.setVerified("p2", true, NOW);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect((await h.properties.find("p2"))?.isVerified).toBe(false);
    expect((await setPropertyVerified(deps(), { adminId: "admin", propertyId: "p2", verified: true })).ok).toBe(true);
    expect((await h.audit()).map((a) => a.action)).toEqual(["admin.property_verified"]);
  });
});
