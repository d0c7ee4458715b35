import { beforeEach, describe, expect, it } from "vitest";
import { InMemoryAuditLog } from "#domain/accounts/in-memory-account-repositories";
import { InMemoryModerationUnitOfWork, InMemoryPropertyModeration } from "#domain/property-moderation/in-memory-property-moderation";
import {
  MODERATION_PAGE_SIZE,
  hideProperty,
  listPropertiesForModeration,
  restoreProperty,
  setPropertyVerified,
  type ModerationDeps,
} from "#domain/property-moderation/moderate-property.use-cases";
import { InMemoryReportRepository } from "#domain/reports/in-memory-report-repository";
import { FixedClock } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { CountingPublicPages } from "#domain/shared/public-pages.port";

const NOW = new Date("2026-11-22T10:00:00Z");

describe("admin property moderation", () => {
  let reports: InMemoryReportRepository;
  let properties: InMemoryPropertyModeration;
  let audit: InMemoryAuditLog;
  let deps: ModerationDeps;
  beforeEach(() => {
    reports = new InMemoryReportRepository();
    properties = new InMemoryPropertyModeration(reports);
    audit = new InMemoryAuditLog();
    properties.put({ id: "p1", agentId: "agent", title: "Room in Molyko" });
    deps = {
      uow: new InMemoryModerationUnitOfWork(properties, audit),
      clock: new FixedClock(NOW),
      ids: new SequentialIds("a"),
      publicPages: new CountingPublicPages(),
    };
  });

  it("verifies a property and audits who, what, when, before and after", async () => {
    const r = await setPropertyVerified(deps, { adminId: "admin", propertyId: "p1", verified: true });
    expect(r.ok && r.value.isVerified).toBe(true);
    expect(reports.listing("p1")?.isVerified).toBe(true);
    expect(await audit.list({ limit: 10 })).toEqual([
      {
        id: "a-000001",
        actorId: "admin",
        action: "admin.property_verified",
        data: { target: "property:p1", before: '{"isVerified":false,"hiddenAt":null}', after: '{"isVerified":true,"hiddenAt":null}' },
        at: NOW,
      },
    ]);
  });

  it("refuses a decision that changes nothing, and a missing property, writing no audit row", async () => {
    expect(await setPropertyVerified(deps, { adminId: "admin", propertyId: "p1", verified: false })).toEqual({
      ok: false,
      error: { code: "moderation.no_change" },
    });
    expect(await setPropertyVerified(deps, { adminId: "admin", propertyId: "nope", verified: true })).toEqual({
      ok: false,
      error: { code: "moderation.property_not_found" },
    });
    expect(await restoreProperty(deps, { adminId: "admin", propertyId: "p1" })).toEqual({
      ok: false,
      error: { code: "moderation.no_change" },
    });
    expect(await hideProperty(deps, { adminId: "admin", propertyId: "p1", reason: "x".repeat(501) })).toEqual({
      ok: false,
      error: { code: "moderation.reason_too_long", params: { max: 500 } },
    });
    expect(await audit.list({ limit: 10 })).toEqual([]);
    expect(reports.listing("p1")).toMatchObject({ isVerified: false, hiddenAt: null });
  });

  it("hides with a reason and shows again as 'unhidden' when no report was open", async () => {
    await hideProperty(deps, { adminId: "admin", propertyId: "p1", reason: "  Duplicate listing " });
    expect(reports.listing("p1")?.hiddenAt).toEqual(NOW);
    expect(await hideProperty(deps, { adminId: "admin", propertyId: "p1" })).toEqual({
      ok: false,
      error: { code: "moderation.no_change" },
    });
    const shown = await restoreProperty(deps, { adminId: "admin", propertyId: "p1" });
    expect(shown.ok && shown.value.reportsClosed).toBe(0);
    expect(reports.listing("p1")?.hiddenAt).toBeNull();
    const [hidden] = await audit.list({ action: "admin.property_hidden", limit: 10 });
    const [unhidden] = await audit.list({ action: "admin.property_unhidden", limit: 10 });
    expect(hidden).toMatchObject({
      action: "admin.property_hidden",
      data: { reason: "Duplicate listing", after: `{"isVerified":false,"hiddenAt":"${NOW.toISOString()}"}` },
    });
    expect(unhidden).toMatchObject({
      action: "admin.property_unhidden",
      data: { reportsClosed: 0, after: '{"isVerified":false,"hiddenAt":null}' },
    });
  });

  it("restores a listing hidden by reports: its open reports are dismissed, in the same unit of work", async () => {
    reports.putUser("u1");
    reports.putUser("u2");
    for (const [id, user] of [
      ["r1", "u1"],
      ["r2", "u2"],
    ]) {
      await reports.add({
        id,
        propertyId: "p1",
        reporterId: user,
        reason: "scam",
        details: "",
        status: "open",
        createdAt: NOW,
        reviewedAt: null,
      });
    }
    await reports.hideListing("p1", NOW);
    const r = await restoreProperty(deps, { adminId: "admin", propertyId: "p1" });
    expect(r.ok && r.value.reportsClosed).toBe(2);
    expect(reports.listing("p1")?.hiddenAt).toBeNull();
    expect(await reports.countOpenReporters("p1")).toBe(0);
    expect((await reports.findById("r1"))?.status).toBe("dismissed");
    const [entry] = await audit.list({ limit: 1 });
    expect(entry).toMatchObject({ actorId: "admin", action: "admin.listing_restored", data: { target: "property:p1", reportsClosed: 2 } });
  });

  it("writes nothing when the audit row cannot be written", async () => {
    audit.record = async () => {
      throw new Error("disk full");
    };
    await expect(setPropertyVerified(deps, { adminId: "admin", propertyId: "p1", verified: true })).rejects.toThrow("disk full");
    expect(reports.listing("p1")?.isVerified).toBe(false);
  });

  it("lists unverified first, then newest, a page at a time, and shows the last page for one past the end", async () => {
    for (let i = 0; i < MODERATION_PAGE_SIZE + 3; i += 1) {
      properties.put({
        id: `q${String(i).padStart(2, "0")}`,
        agentId: "agent",
        isVerified: i % 2 === 0,
        createdAt: new Date(NOW.getTime() - i * 60_000),
      });
    }
    const first = await listPropertiesForModeration({ properties }, { filter: "all", page: 1 });
    expect(first.total).toBe(MODERATION_PAGE_SIZE + 4);
    const flags = first.items.map((p) => p.isVerified);
    expect(flags.indexOf(true)).toBeGreaterThan(flags.lastIndexOf(false));
    expect(first.items[0].id).toBe("q01");
    const past = await listPropertiesForModeration({ properties }, { filter: "all", page: 99 });
    expect(past.page).toBe(2);
    expect(past.items).toHaveLength(4);
    const verified = await listPropertiesForModeration({ properties }, { filter: "verified", page: 1 });
    expect(verified.items.every((p) => p.isVerified)).toBe(true);
    expect(verified.total).toBe(12);
  });
});
