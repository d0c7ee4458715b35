import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ManagedProperty } from "#domain/property-management/managed-property.entity";
import type {
  AdminPropertyRepos,
  ManagedPropertyRepository,
  PropertyManagementRepos,
} from "#domain/property-management/managed-property-repository.port";
import { InMemoryAuditLog } from "#domain/accounts/in-memory-account-repositories";
import {
  InMemoryAdminPropertyUnitOfWork,
  InMemoryManagedPropertyRepository,
  InMemoryPropertyManagementUnitOfWork,
} from "#domain/property-management/in-memory-managed-property-repository";
import type { UnitOfWork } from "#domain/shared/transaction";
import { DEFAULT_VISITING_HOURS } from "#domain/booking/visiting-hours";
import {
  KyselyManagedPropertyRepository,
  kyselyAdminPropertyUnitOfWork,
  kyselyPropertyManagementUnitOfWork,
} from "#infrastructure/repositories/kysely-managed-property-repository";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../../support/test-database";
import { insertAgent, insertBooking, insertProfile } from "./discovery-fixtures";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));

export const property = (id: string, agentId: string, minute = 0, over: Partial<ManagedProperty> = {}): ManagedProperty => ({
  id,
  agentId,
  title: `Studio ${id}`,
  description: "Quiet, tiled, near the gate",
  propertyType: "studio",
  monthlyRent: 35_000,
  advanceMonths: 3,
  neighbourhood: "Molyko",
  address: "Behind Total, Molyko",
  latitude: 4.1532,
  longitude: 9.2905,
  locationApproximate: false,
  bedrooms: 1,
  bathrooms: 1,
  amenities: {
    furnished: true,
    toiletInside: true,
    showerInside: true,
    waterSupply: true,
    prepaidMeter: false,
    wifi: false,
    security: true,
    parking: false,
  },
  visitingHours: { ...DEFAULT_VISITING_HOURS, days: ["mon", "sat"] },
  status: "available",
  isVerified: false,
  isAvailable: true,
  hiddenAt: null,
  availabilityConfirmedAt: at(minute),
  distanceToCampusM: 180,
  createdAt: at(minute),
  updatedAt: at(minute),
  photos: [],
  ...over,
});

interface Harness {
  repo: ManagedPropertyRepository;
  uow: UnitOfWork<PropertyManagementRepos>;
  /** The admin's edit: properties and the audit log together. */
  adminUow: UnitOfWork<AdminPropertyRepos>;
  /** Adds a view by a new student and a booking to a property. */
  addViewAndBooking(propertyId: string, n: number): Promise<void>;
  close(): Promise<void>;
}

async function harness(kind: string): Promise<Harness> {
  if (kind === "memory") {
    const repo = new InMemoryManagedPropertyRepository();
    return {
      repo,
      uow: new InMemoryPropertyManagementUnitOfWork(repo),
      adminUow: new InMemoryAdminPropertyUnitOfWork(repo, new InMemoryAuditLog()),
      addViewAndBooking: async (id) => {
        repo.views.set(id, (repo.views.get(id) ?? 0) + 1);
        repo.bookings.set(id, (repo.bookings.get(id) ?? 0) + 1);
      },
      close: async () => {},
    };
  }
  const t: TestDatabase = await createTestDatabase(kind as "sqlite" | "postgres");
  await insertAgent(t.db, { id: "a1" });
  await insertAgent(t.db, { id: "a2" });
  return {
    repo: new KyselyManagedPropertyRepository(t.db),
    uow: kyselyPropertyManagementUnitOfWork(t.db, t.kind),
    adminUow: kyselyAdminPropertyUnitOfWork(t.db, t.kind),
    addViewAndBooking: async (id, n) => {
      await insertProfile(t.db, { id: `s${n}` });
      await t.db
        .insertInto("view_history")
        .values({ id: `v${n}`, user_id: `s${n}`, property_id: id, viewed_at: at(n).toISOString() })
        .execute();
      await insertBooking(t.db, { id: `b${n}`, propertyId: id, studentId: `s${n}`, visitTime: `${n}:00 AM` });
    },
    close: () => t.destroy(),
  };
}

describe.each(["memory", ...databaseKinds()])("ManagedPropertyRepository on %s", (kind) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness(kind);
  });
  afterEach(() => h.close());

  it("stores a property and gives it back only to its agent", async () => {
    await h.repo.insert(property("p1", "a1"));
    expect(await h.repo.findOwned("a1", "p1")).toEqual(property("p1", "a1"));
    expect(await h.repo.findOwned("a2", "p1")).toBeNull();
    expect(await h.repo.findOwned("a1", "nope")).toBeNull();
  });

  it("updates every field, but never another agent's property", async () => {
    await h.repo.insert(property("p1", "a1"));
    const changed = property("p1", "a1", 5, {
      title: "Changed",
      monthlyRent: 50_000,
      bathrooms: 2,
      status: "booked",
      isAvailable: false,
      isVerified: true,
      visitingHours: null,
      latitude: 4.1468,
      longitude: 9.2995,
      locationApproximate: true,
      amenities: {
        furnished: false,
        toiletInside: false,
        showerInside: false,
        waterSupply: false,
        prepaidMeter: true,
        wifi: true,
        security: false,
        parking: true,
      },
      createdAt: at(0),
    });
    expect(await h.repo.update(changed)).toBe(true);
    expect(await h.repo.findOwned("a1", "p1")).toEqual(changed);
    expect(await h.repo.update({ ...changed, agentId: "a2", title: "Stolen" })).toBe(false);
    expect((await h.repo.findOwned("a1", "p1"))?.title).toBe("Changed");
  });

  it("keeps photos in position order, deletes and renumbers only the property's own", async () => {
    await h.repo.insert(property("p1", "a1"));
    await h.repo.insert(property("p2", "a2"));
    for (const [i, id] of ["f1", "f2", "f3"].entries()) {
      await h.repo.insertPhoto("p1", { id, storageKey: `photos/${id}`, width: 1024, height: 768, position: i }, at(i));
    }
    await h.repo.insertPhoto("p2", { id: "g1", storageKey: "photos/g1", width: 10, height: 10, position: 0 }, at(0));
    await h.repo.setPhotoPositions("p1", [
      { id: "f3", position: 0 },
      { id: "f1", position: 1 },
      { id: "f2", position: 2 },
      // Not p1's photo: ignored.
      { id: "g1", position: 7 },
    ]);
    expect((await h.repo.findOwned("a1", "p1"))?.photos.map((p) => p.id)).toEqual(["f3", "f1", "f2"]);
    expect((await h.repo.findOwned("a2", "p2"))?.photos[0].position).toBe(0);
    expect(await h.repo.deletePhoto("p1", "g1")).toBe(false);
    expect(await h.repo.deletePhoto("p1", "f1")).toBe(true);
    expect((await h.repo.findOwned("a1", "p1"))?.photos.map((p) => p.id)).toEqual(["f3", "f2"]);
  });

  it("lists the agent's own properties newest first, paginated, with views, bookings and cover", async () => {
    for (let i = 1; i <= 5; i++) await h.repo.insert(property(`p${i}`, "a1", i));
    await h.repo.insert(property("q1", "a2", 9));
    await h.repo.insertPhoto("p5", { id: "f1", storageKey: "photos/f1", width: 1024, height: 768, position: 1 }, at(1));
    await h.repo.insertPhoto("p5", { id: "f0", storageKey: "photos/f0", width: 1024, height: 768, position: 0 }, at(1));
    await h.addViewAndBooking("p5", 1);
    await h.addViewAndBooking("p5", 2);
    const first = await h.repo.listForAgent("a1", 1, 2);
    expect(first.total).toBe(5);
    expect(first.pageCount).toBe(3);
    expect(first.items.map((r) => r.id)).toEqual(["p5", "p4"]);
    expect(first.items[0]).toMatchObject({
      views: 2,
      bookings: 2,
      photoCount: 2,
      cover: { id: "f0" },
      status: "available",
      isVerified: false,
      monthlyRent: 35_000,
    });
    expect(first.items[1]).toMatchObject({ views: 0, bookings: 0, photoCount: 0, cover: null });
    expect((await h.repo.listForAgent("a1", 3, 2)).items.map((r) => r.id)).toEqual(["p1"]);
    expect((await h.repo.listForAgent("a2", 1, 10)).items.map((r) => r.id)).toEqual(["q1"]);
  });

  it("a transaction that throws leaves nothing behind", async () => {
    await h.repo.insert(property("p1", "a1"));
    await expect(
      h.uow.run(async ({ properties }) => {
        const p = await properties.lockOwned("a1", "p1");
        await properties.insertPhoto("p1", { id: "f1", storageKey: "photos/f1", width: 1, height: 1, position: 0 }, at(1));
        await properties.update({ ...p!, title: "Half written" });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const after = await h.repo.findOwned("a1", "p1");
    expect(after?.title).toBe("Studio p1");
    expect(after?.photos).toEqual([]);
  });

  it("lockOwned answers null for another agent's property", async () => {
    await h.repo.insert(property("p1", "a1"));
    expect(await h.uow.run(({ properties }) => properties.lockOwned("a2", "p1"))).toBeNull();
    expect((await h.uow.run(({ properties }) => properties.lockOwned("a1", "p1")))?.id).toBe("p1");
  });

  it("findAny gives any agent's property back (for an admin), or null when missing", async () => {
    await h.repo.insert(property("p1", "a1"));
    await h.repo.insertPhoto("p1", { id: "f1", storageKey: "photos/f1", width: 1024, height: 768, position: 0 }, at(1));
    expect((await h.repo.findAny("p1"))?.agentId).toBe("a1");
    expect((await h.repo.findAny("p1"))?.photos.map((p) => p.id)).toEqual(["f1"]);
    expect(await h.repo.findAny("nope")).toBeNull();
  });

  it("the admin's transaction writes the property and its audit row together, or neither", async () => {
    await h.repo.insert(property("p1", "a1"));
    const entry = (id: string) => ({
      id,
      actorId: "a2",
      action: "admin.property_edited" as const,
      data: { target: "property:p1" },
      at: at(2),
    });
    await expect(
      h.adminUow.run(async ({ properties, audit }) => {
        const p = await properties.lockOwned("a1", "p1");
        await properties.update({ ...p!, title: "Half written" });
        await audit.record(entry("e1"));
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect((await h.repo.findOwned("a1", "p1"))?.title).toBe("Studio p1");
    expect(await h.adminUow.run(({ audit }) => audit.count({ target: "property:p1" }))).toBe(0);
    await h.adminUow.run(async ({ properties, audit }) => {
      const p = await properties.lockOwned("a1", "p1");
      await properties.update({ ...p!, title: "Corrected" });
      await audit.record(entry("e2"));
    });
    expect((await h.repo.findOwned("a1", "p1"))?.title).toBe("Corrected");
    expect(await h.adminUow.run(({ audit }) => audit.count({ target: "property:p1" }))).toBe(1);
  });
});
