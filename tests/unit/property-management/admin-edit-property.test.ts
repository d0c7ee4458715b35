// An admin edits any agent's listing (decision 0129): the agent's checks apply, the owner, status
// and verification stay, the changed fields go to the audit row in the same transaction, a form
// that changes nothing writes nothing, a failed commit leaves neither the change nor the row.
import { beforeEach, describe, expect, it } from "vitest";
import { InMemoryAuditLog } from "#domain/accounts/in-memory-account-repositories";
import { FixedClock, HOUR_MS } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import {
  InMemoryAdminPropertyUnitOfWork,
  InMemoryManagedPropertyRepository,
  InMemoryPropertyManagementUnitOfWork,
} from "#domain/property-management/in-memory-managed-property-repository";
import {
  ADMIN_PROPERTY_EDITED_ACTION,
  adminEditProperty,
  createProperty,
  editProperty,
  getPropertyForAdmin,
  type AdminPropertyDeps,
} from "#domain/property-management/manage-property.use-cases";
import { details } from "./property-details";
import { CountingPublicPages } from "#domain/shared/public-pages.port";

let repo: InMemoryManagedPropertyRepository;
let audit: InMemoryAuditLog;
let clock: FixedClock;
let deps: AdminPropertyDeps;
let agentDeps: { uow: InMemoryPropertyManagementUnitOfWork; clock: FixedClock; ids: SequentialIds; publicPages: CountingPublicPages };

beforeEach(() => {
  repo = new InMemoryManagedPropertyRepository();
  audit = new InMemoryAuditLog();
  clock = new FixedClock(new Date("2026-11-20T09:00:00Z"));
  const ids = new SequentialIds("pm");
  deps = {
    adminUow: new InMemoryAdminPropertyUnitOfWork(repo, audit),
    properties: repo,
    clock,
    ids,
    publicPages: new CountingPublicPages(),
  };
  agentDeps = { uow: new InMemoryPropertyManagementUnitOfWork(repo), clock, ids, publicPages: new CountingPublicPages() };
});

async function agentListing(verified: boolean) {
  const r = await createProperty(agentDeps, { agentId: "agent-1", details: details() });
  if (!r.ok) throw new Error(r.error.code);
  if (verified) await repo.update({ ...r.value, isVerified: true });
  return r.value;
}

describe("adminEditProperty", () => {
  it("edits another agent's listing, keeps its owner, status and verification, and audits the changed fields", async () => {
    const p = await agentListing(true);
    clock.advance(HOUR_MS);
    const r = await adminEditProperty(deps, {
      adminId: "admin-1",
      propertyId: p.id,
      details: details({ title: "  Studio by the main gate ", monthlyRent: 30_000, latitude: 4.16 }),
    });
    expect(r).toMatchObject({
      ok: true,
      value: {
        changed: true,
        property: { title: "Studio by the main gate", monthlyRent: 30_000, agentId: "agent-1", isVerified: true, status: "available" },
      },
    });
    const stored = await repo.findAny(p.id);
    expect(stored).toMatchObject({
      title: "Studio by the main gate",
      monthlyRent: 30_000,
      agentId: "agent-1",
      isVerified: true,
      updatedAt: clock.now(),
    });
    expect(stored?.distanceToCampusM).not.toBe(p.distanceToCampusM);
    const rows = await audit.list({ limit: 10 });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: "admin-1",
      action: ADMIN_PROPERTY_EDITED_ACTION,
      at: clock.now(),
      data: { target: `property:${p.id}` },
    });
    expect(JSON.parse(String(rows[0].data.before))).toEqual({ title: "Studio near the main gate", monthlyRent: 35_000, latitude: 4.1532 });
    expect(JSON.parse(String(rows[0].data.after))).toEqual({ title: "Studio by the main gate", monthlyRent: 30_000, latitude: 4.16 });
  });

  it("an unverified listing stays unverified (verifying is its own decision)", async () => {
    const p = await agentListing(false);
    const r = await adminEditProperty(deps, { adminId: "admin-1", propertyId: p.id, details: details({ bedrooms: 2 }) });
    expect(r).toMatchObject({ ok: true, value: { property: { isVerified: false, bedrooms: 2 } } });
  });

  it("the same details again: nothing written, no audit row", async () => {
    const p = await agentListing(true);
    clock.advance(HOUR_MS);
    const r = await adminEditProperty(deps, { adminId: "admin-1", propertyId: p.id, details: details() });
    expect(r).toMatchObject({ ok: true, value: { changed: false } });
    expect((await repo.findAny(p.id))?.updatedAt).toEqual(p.updatedAt);
    expect(await audit.count({})).toBe(0);
    // Nothing a visitor sees changed: the public pages are not told (their cache stays warm).
    expect((deps.publicPages as CountingPublicPages).changes).toBe(0);
    await adminEditProperty(deps, { adminId: "admin-1", propertyId: p.id, details: details({ bedrooms: 3 }) });
    expect((deps.publicPages as CountingPublicPages).changes).toBe(1);
  });

  it("refuses bad details and a missing listing, writing nothing", async () => {
    const p = await agentListing(true);
    expect(await adminEditProperty(deps, { adminId: "admin-1", propertyId: p.id, details: details({ monthlyRent: 5 }) })).toMatchObject({
      ok: false,
      error: { code: "portal.invalid_rent" },
    });
    expect(await adminEditProperty(deps, { adminId: "admin-1", propertyId: "nope", details: details() })).toEqual({
      ok: false,
      error: { code: "portal.not_found" },
    });
    expect(await getPropertyForAdmin(deps, "nope")).toEqual({ ok: false, error: { code: "portal.not_found" } });
    expect((await getPropertyForAdmin(deps, p.id)).ok).toBe(true);
    expect(await audit.count({})).toBe(0);
    expect((await repo.findAny(p.id))?.monthlyRent).toBe(35_000);
  });

  it("a failure after the audit row restores both", async () => {
    const p = await agentListing(false);
    const failing: AdminPropertyDeps = {
      ...deps,
      adminUow: {
        run: (work) =>
          deps.adminUow.run(async (repos) => {
            await work(repos);
            throw new Error("commit failed");
          }),
      },
    };
    await expect(
      adminEditProperty(failing, { adminId: "admin-1", propertyId: p.id, details: details({ title: "Never stored title" }) }),
    ).rejects.toThrow("commit failed");
    expect((await repo.findAny(p.id))?.title).toBe("Studio near the main gate");
    expect(await audit.count({})).toBe(0);
  });

  it("the agent's own edit is unchanged: another agent's listing is still not found", async () => {
    const p = await agentListing(false);
    expect(await editProperty(agentDeps, { agentId: "agent-2", propertyId: p.id, details: details({ title: "Stolen listing" }) })).toEqual({
      ok: false,
      error: { code: "portal.not_found" },
    });
  });
});
