import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { FixedClock } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import {
  InMemoryManagedPropertyRepository,
  InMemoryPhotoStore,
  InMemoryPropertyManagementUnitOfWork,
} from "#domain/property-management/in-memory-managed-property-repository";
import {
  addPhoto,
  arrangePhoto,
  changePropertyStatus,
  confirmAvailability,
  createProperty,
  deletePhoto,
  editProperty,
  listMyProperties,
  type PropertyManagementDeps,
} from "#domain/property-management/manage-property.use-cases";
import { MAX_PHOTOS, MAX_PHOTO_BYTES, isMaterialChange, type PropertyDetails } from "#domain/property-management/managed-property.entity";
import { details } from "./property-details";
import { NEIGHBOURHOOD_CENTRES, distanceToCampusMetres } from "#domain/listings/buea";
import { CountingPublicPages } from "#domain/shared/public-pages.port";

const image = (tag = "IMG") => new TextEncoder().encode(`${tag} pixels`);

let repo: InMemoryManagedPropertyRepository;
let uow: InMemoryPropertyManagementUnitOfWork;
let photos: InMemoryPhotoStore;
let clock: FixedClock;
let deps: PropertyManagementDeps;

beforeEach(() => {
  repo = new InMemoryManagedPropertyRepository();
  uow = new InMemoryPropertyManagementUnitOfWork(repo);
  photos = new InMemoryPhotoStore();
  clock = new FixedClock(new Date("2026-11-20T09:00:00Z"));
  deps = { uow, properties: repo, photos, clock, ids: new SequentialIds("pm"), publicPages: new CountingPublicPages() };
});

async function created(agentId = "a1") {
  const r = await createProperty(deps, { agentId, details: details() });
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}
async function verify(id: string) {
  repo.properties.get(id)!.isVerified = true;
}

describe("createProperty", () => {
  it("stores a new property unverified, available, with its distance to campus", async () => {
    const p = await created();
    expect(p).toMatchObject({ agentId: "a1", isVerified: false, status: "available", isAvailable: true });
    expect(p.distanceToCampusM).toBeGreaterThan(0);
    expect(await repo.findOwned("a1", p.id)).toMatchObject({ title: "Studio near the main gate" });
  });

  it("saves with a neighbourhood and an address only: the neighbourhood's centre, approximate", async () => {
    const r = await createProperty(deps, {
      agentId: "a1",
      details: { ...details({ neighbourhood: "Muea" }), latitude: null, longitude: null },
    });
    if (!r.ok) throw new Error(r.error.code);
    expect(r.value).toMatchObject({ ...NEIGHBOURHOOD_CENTRES.Muea, locationApproximate: true });
    expect(r.value.distanceToCampusM).toBe(distanceToCampusMetres(NEIGHBOURHOOD_CENTRES.Muea));
    expect((await repo.findOwned("a1", r.value.id))?.locationApproximate).toBe(true);
  });

  it("a point set on the map is stored exact", async () => {
    const r = await createProperty(deps, { agentId: "a1", details: details({ latitude: 4.1601, longitude: 9.2999 }) });
    expect(r.ok && r.value).toMatchObject({ latitude: 4.1601, longitude: 9.2999, locationApproximate: false });
  });

  it.each([
    [{ title: "abc" }, "portal.invalid_title"],
    [{ monthlyRent: 0 }, "portal.invalid_rent"],
    [{ monthlyRent: 1.5e7 }, "portal.invalid_rent"],
    [{ advanceMonths: -1 }, "portal.invalid_advance_months"],
    [{ neighbourhood: "Paris" }, "portal.invalid_neighbourhood"],
    [{ latitude: -4.15 }, "portal.invalid_coordinates"],
    [{ longitude: Number.NaN }, "portal.invalid_coordinates"],
    [{ bedrooms: 11 }, "portal.invalid_bedrooms"],
    [{ bathrooms: -1 }, "portal.invalid_bathrooms"],
    [{ address: "a\u0000b c" }, "portal.invalid_address"],
    [{ propertyType: "castle" as never }, "portal.invalid_property_type"],
    [{ visitingHours: { days: [], from: "09:00", to: "17:00", stepMinutes: 60, closedDates: [] } }, "portal.invalid_visiting_hours"],
  ])("refuses %j with %s and stores nothing", async (over, code) => {
    const r = await createProperty(deps, { agentId: "a1", details: details(over as Partial<PropertyDetails>) });
    expect(r.ok ? null : r.error.code).toBe(code);
    expect(repo.properties.size).toBe(0);
  });
});

describe("editProperty and the material-change rule", () => {
  it.each([
    ["rent", { monthlyRent: 40_000 }],
    ["type", { propertyType: "room" as const }],
    ["address", { address: "Opposite the chapel, Molyko" }],
    ["neighbourhood", { neighbourhood: "Bomaka" }],
    ["map point", { latitude: 4.16 }],
  ])("a change of %s makes a verified property unverified", async (_what, over) => {
    const p = await created();
    await verify(p.id);
    const r = await editProperty(deps, { agentId: "a1", propertyId: p.id, details: details(over) });
    expect(r.ok && r.value.becameUnverified).toBe(true);
    expect(repo.properties.get(p.id)!.isVerified).toBe(false);
  });

  it("a change of wording, rooms or amenities keeps it verified", async () => {
    const p = await created();
    await verify(p.id);
    const r = await editProperty(deps, {
      agentId: "a1",
      propertyId: p.id,
      details: details({ title: "Bright studio", bedrooms: 2, description: "New paint" }),
    });
    expect(r.ok && r.value.becameUnverified).toBe(false);
    expect(repo.properties.get(p.id)!).toMatchObject({ isVerified: true, title: "Bright studio", bedrooms: 2 });
  });

  it("isMaterialChange: any rent difference is material, equal details never are (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 10_000_000 }), fc.integer({ min: 1000, max: 10_000_000 }), (a, b) => {
        expect(isMaterialChange({ kind: "details", before: details({ monthlyRent: a }), after: details({ monthlyRent: b }) })).toBe(
          a !== b,
        );
      }),
    );
  });

  it("another agent's property is not found and unchanged", async () => {
    const p = await created("a1");
    const r = await editProperty(deps, { agentId: "a2", propertyId: p.id, details: details({ title: "Hijacked title" }) });
    expect(r.ok ? null : r.error.code).toBe("portal.not_found");
    expect(repo.properties.get(p.id)!.title).toBe("Studio near the main gate");
  });
});

describe("status and availability", () => {
  it("changes status with availability; reopening confirms availability again", async () => {
    const p = await created();
    clock.advance(60_000);
    const booked = await changePropertyStatus(deps, { agentId: "a1", propertyId: p.id, status: "booked" });
    expect(booked.ok && booked.value).toMatchObject({ status: "booked", isAvailable: false });
    expect((await confirmAvailability(deps, { agentId: "a1", propertyId: p.id })).ok).toBe(false);
    clock.advance(60_000);
    const open = await changePropertyStatus(deps, { agentId: "a1", propertyId: p.id, status: "available" });
    expect(open.ok && open.value.availabilityConfirmedAt).toEqual(clock.now());
  });

  it("refuses an unknown status and another agent's property", async () => {
    const p = await created();
    expect(await changePropertyStatus(deps, { agentId: "a1", propertyId: p.id, status: "demolished" })).toMatchObject({
      ok: false,
      error: { code: "portal.invalid_status" },
    });
    expect(await changePropertyStatus(deps, { agentId: "a2", propertyId: p.id, status: "sold" })).toMatchObject({
      ok: false,
      error: { code: "portal.not_found" },
    });
    expect(await confirmAvailability(deps, { agentId: "a2", propertyId: p.id })).toMatchObject({
      ok: false,
      error: { code: "portal.not_found" },
    });
    expect(repo.properties.get(p.id)!.status).toBe("available");
  });

  it("confirms availability now", async () => {
    const p = await created();
    clock.advance(3 * 24 * 3600_000);
    const r = await confirmAvailability(deps, { agentId: "a1", propertyId: p.id });
    expect(r.ok && r.value.availabilityConfirmedAt).toEqual(clock.now());
  });
});

describe("photos", () => {
  it("adds photos in order, up to 10; a verified listing stays verified (decision 0207)", async () => {
    const p = await created();
    await verify(p.id);
    for (let i = 0; i < MAX_PHOTOS; i++) {
      const r = await addPhoto(deps, { agentId: "a1", propertyId: p.id, bytes: image() });
      expect(r.ok && r.value.position).toBe(i);
      expect(repo.properties.get(p.id)!.isVerified).toBe(true);
    }
    expect(await addPhoto(deps, { agentId: "a1", propertyId: p.id, bytes: image() })).toMatchObject({
      ok: false,
      error: { code: "portal.too_many_photos" },
    });
    expect(photos.files.size).toBe(MAX_PHOTOS);
  });

  it.each([
    ["empty", new Uint8Array(0), "portal.photo_empty"],
    ["oversized", new Uint8Array(MAX_PHOTO_BYTES + 1), "portal.photo_too_large"],
    ["not an image", image("<sc"), "portal.photo_unsupported_format"],
    ["corrupt", image("BAD"), "portal.photo_unreadable"],
  ])("refuses an %s file and keeps nothing", async (_what, bytes, code) => {
    const p = await created();
    const r = await addPhoto(deps, { agentId: "a1", propertyId: p.id, bytes });
    expect(r.ok ? null : r.error.code).toBe(code);
    expect(photos.files.size).toBe(0);
    expect(repo.properties.get(p.id)!.photos).toEqual([]);
  });

  it("a transaction failing after the files were written leaves no row and no file", async () => {
    const p = await created();
    uow.failNextCommit = true;
    await expect(addPhoto(deps, { agentId: "a1", propertyId: p.id, bytes: image() })).rejects.toThrow("simulated commit failure");
    expect(photos.files.size).toBe(0);
    expect(repo.properties.get(p.id)!.photos).toEqual([]);
  });

  it("moves, sets the cover and deletes, renumbering; another agent cannot", async () => {
    const p = await created();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await addPhoto(deps, { agentId: "a1", propertyId: p.id, bytes: image() });
      if (r.ok) ids.push(r.value.id);
    }
    await verify(p.id);
    const order = async () => (await repo.findOwned("a1", p.id))!.photos.map((ph) => ph.id);
    await arrangePhoto(deps, { agentId: "a1", propertyId: p.id, photoId: ids[2], move: "cover" });
    expect(await order()).toEqual([ids[2], ids[0], ids[1]]);
    await arrangePhoto(deps, { agentId: "a1", propertyId: p.id, photoId: ids[2], move: "down" });
    expect(await order()).toEqual([ids[0], ids[2], ids[1]]);
    await arrangePhoto(deps, { agentId: "a1", propertyId: p.id, photoId: ids[0], move: "up" });
    expect(await order()).toEqual([ids[0], ids[2], ids[1]]);
    // Reordering the same photos keeps the verification.
    expect(repo.properties.get(p.id)!.isVerified).toBe(true);
    expect(await arrangePhoto(deps, { agentId: "a2", propertyId: p.id, photoId: ids[1], move: "cover" })).toMatchObject({
      ok: false,
      error: { code: "portal.not_found" },
    });
    expect(await deletePhoto(deps, { agentId: "a2", propertyId: p.id, photoId: ids[1] })).toMatchObject({
      ok: false,
      error: { code: "portal.not_found" },
    });
    expect(await order()).toEqual([ids[0], ids[2], ids[1]]);

    const storageKey = repo.properties.get(p.id)!.photos.find((ph) => ph.id === ids[2])!.storageKey;
    expect(await deletePhoto(deps, { agentId: "a1", propertyId: p.id, photoId: ids[2] })).toEqual({ ok: true, value: { remaining: 2 } });
    const after = (await repo.findOwned("a1", p.id))!;
    expect(after.photos.map((ph) => [ph.id, ph.position])).toEqual([
      [ids[0], 0],
      [ids[1], 1],
    ]);
    expect(after.isVerified).toBe(true);
    expect(photos.files.has(storageKey)).toBe(false);
    expect(await deletePhoto(deps, { agentId: "a1", propertyId: p.id, photoId: ids[2] })).toMatchObject({
      ok: false,
      error: { code: "portal.photo_not_found" },
    });
  });
});

describe("listMyProperties", () => {
  it("shows a page past the end as the last page", async () => {
    for (let i = 0; i < 12; i++) {
      clock.advance(1000);
      await created();
    }
    const page = await listMyProperties(deps, "a1", 99);
    expect(page.page).toBe(2);
    expect(page.items).toHaveLength(2);
  });
});
