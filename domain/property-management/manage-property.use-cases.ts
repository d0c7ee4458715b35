// The agent portal's property use cases: create, edit, change status, confirm availability, and
// the photos (add, delete, move, set cover). Each one checks ownership inside its transaction
// (lockOwned answers null for another agent's property), so a crafted id changes nothing.
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { domainError, err, ok, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import type { PropertyStatus } from "../listings/buea";
import {
  MAX_PHOTOS,
  MAX_PHOTO_BYTES,
  PORTAL_PAGE_SIZE,
  campusDistance,
  checkPropertyDetails,
  isAvailableFor,
  isPropertyStatus,
  renumber,
  verifiedAfter,
  type ManagedPhoto,
  type ManagedProperty,
  type PortalPropertyPage,
  type PropertyDetailsInput,
} from "./managed-property.entity";
import type { ManagedPropertyRepository, PropertyManagementRepos } from "./managed-property-repository.port";
import type { PhotoStore } from "./photo-store.port";
import type { PortalError } from "./property-management.errors";

export interface PropertyManagementDeps {
  uow: UnitOfWork<PropertyManagementRepos>;
  /** Reads outside a transaction (the list, the edit form). */
  properties: ManagedPropertyRepository;
  photos: PhotoStore;
  clock: Clock;
  ids: IdGenerator;
}

type Deps<K extends keyof PropertyManagementDeps> = Pick<PropertyManagementDeps, K>;
const notFound = () => err(domainError("portal.not_found")) as { ok: false; error: PortalError };

/** My Properties: newest first, a page of PORTAL_PAGE_SIZE; a page past the end shows the last one. */
export async function listMyProperties(deps: Deps<"properties">, agentId: string, page: number): Promise<PortalPropertyPage> {
  const wanted = Number.isSafeInteger(page) && page >= 1 ? page : 1;
  const result = await deps.properties.listForAgent(agentId, wanted, PORTAL_PAGE_SIZE);
  if (result.items.length === 0 && result.pageCount > 0 && wanted > result.pageCount) {
    return deps.properties.listForAgent(agentId, result.pageCount, PORTAL_PAGE_SIZE);
  }
  return result;
}

/** The agent's own property for the edit form, or not_found. */
export async function getMyProperty(deps: Deps<"properties">, agentId: string, propertyId: string): Promise<Result<ManagedProperty, PortalError>> {
  const property = await deps.properties.findOwned(agentId, propertyId);
  return property ? ok(property) : notFound();
}

/** A new property is unverified until an admin checks it, and open for visits. */
export async function createProperty(
  deps: Deps<"uow" | "clock" | "ids">,
  input: { agentId: string; details: PropertyDetailsInput },
): Promise<Result<ManagedProperty, PortalError>> {
  const details = checkPropertyDetails(input.details);
  if (!details.ok) return details;
  const now = deps.clock.now();
  const property: ManagedProperty = {
    ...details.value,
    id: deps.ids.id(),
    agentId: input.agentId,
    status: "available",
    isVerified: false,
    isAvailable: true,
    hiddenAt: null,
    availabilityConfirmedAt: now,
    distanceToCampusM: campusDistance(details.value),
    createdAt: now,
    updatedAt: now,
    photos: [],
  };
  await deps.uow.run(({ properties }) => properties.insert(property));
  return ok(property);
}

export async function editProperty(
  deps: Deps<"uow" | "clock">,
  input: { agentId: string; propertyId: string; details: PropertyDetailsInput },
): Promise<Result<{ property: ManagedProperty; becameUnverified: boolean }, PortalError>> {
  const details = checkPropertyDetails(input.details);
  if (!details.ok) return details;
  return deps.uow.run(async ({ properties }) => {
    const before = await properties.lockOwned(input.agentId, input.propertyId);
    if (!before) return notFound();
    const isVerified = verifiedAfter(before.isVerified, { kind: "details", before, after: details.value });
    const property: ManagedProperty = {
      ...before,
      ...details.value,
      isVerified,
      distanceToCampusM: campusDistance(details.value),
      updatedAt: deps.clock.now(),
    };
    await properties.update(property);
    return ok({ property, becameUnverified: before.isVerified && !isVerified });
  });
}

/** The quick status buttons. Status and "open for visits" are set together. */
export async function changePropertyStatus(
  deps: Deps<"uow" | "clock">,
  input: { agentId: string; propertyId: string; status: string },
): Promise<Result<ManagedProperty, PortalError>> {
  if (!isPropertyStatus(input.status)) return err(domainError("portal.invalid_status"));
  const status: PropertyStatus = input.status;
  return deps.uow.run(async ({ properties }) => {
    const before = await properties.lockOwned(input.agentId, input.propertyId);
    if (!before) return notFound();
    const now = deps.clock.now();
    // Reopening a listing is also a fresh "still available" confirmation.
    const reopened = status === "available" && before.status !== "available";
    const property: ManagedProperty = {
      ...before,
      status,
      isAvailable: isAvailableFor(status),
      availabilityConfirmedAt: reopened ? now : before.availabilityConfirmedAt,
      updatedAt: now,
    };
    await properties.update(property);
    return ok(property);
  });
}

/** "Still available": only a property marked Available can be confirmed. */
export async function confirmAvailability(
  deps: Deps<"uow" | "clock">,
  input: { agentId: string; propertyId: string },
): Promise<Result<ManagedProperty, PortalError>> {
  return deps.uow.run(async ({ properties }) => {
    const before = await properties.lockOwned(input.agentId, input.propertyId);
    if (!before) return notFound();
    if (before.status !== "available") return err(domainError("portal.not_available_to_confirm"));
    const now = deps.clock.now();
    const property: ManagedProperty = { ...before, isAvailable: true, availabilityConfirmedAt: now, updatedAt: now };
    await properties.update(property);
    return ok(property);
  });
}

/**
 * One photo per call (keeps request bodies near 8 MB). The files are written first, then the row
 * in a transaction; when the transaction refuses or fails the files are removed again, so a
 * failure halfway leaves neither an orphan row nor an orphan file.
 */
export async function addPhoto(
  deps: Deps<"uow" | "properties" | "photos" | "clock" | "ids">,
  input: { agentId: string; propertyId: string; bytes: Uint8Array },
): Promise<Result<ManagedPhoto, PortalError>> {
  if (input.bytes.byteLength === 0) return err(domainError("portal.photo_empty"));
  if (input.bytes.byteLength > MAX_PHOTO_BYTES) return err(domainError("portal.photo_too_large", { max: MAX_PHOTO_BYTES / (1024 * 1024) }));
  // Cheap refusals before the image work; the transaction below checks again.
  const current = await deps.properties.findOwned(input.agentId, input.propertyId);
  if (!current) return notFound();
  if (current.photos.length >= MAX_PHOTOS) return err(domainError("portal.too_many_photos", { max: MAX_PHOTOS }));

  const saved = await deps.photos.save(input.bytes);
  if (!saved.ok) return err(domainError(saved.reason === "unsupported_format" ? "portal.photo_unsupported_format" : "portal.photo_unreadable"));
  const file = saved.photo;
  let outcome: Result<ManagedPhoto, PortalError>;
  try {
    outcome = await deps.uow.run(async ({ properties }) => {
      const property = await properties.lockOwned(input.agentId, input.propertyId);
      if (!property) return notFound();
      if (property.photos.length >= MAX_PHOTOS) return err(domainError("portal.too_many_photos", { max: MAX_PHOTOS }));
      const now = deps.clock.now();
      const photo: ManagedPhoto = { id: deps.ids.id(), storageKey: file.storageKey, width: file.width, height: file.height, position: property.photos.length };
      await properties.insertPhoto(property.id, photo, now);
      await properties.update({ ...property, isVerified: verifiedAfter(property.isVerified, { kind: "photo_added" }), updatedAt: now });
      return ok(photo);
    });
  } catch (error) {
    await deps.photos.remove(file.storageKey);
    throw error;
  }
  if (!outcome.ok) await deps.photos.remove(file.storageKey);
  return outcome;
}

/** Deletes the row (and renumbers the rest) in a transaction, then the files. */
export async function deletePhoto(
  deps: Deps<"uow" | "photos" | "clock">,
  input: { agentId: string; propertyId: string; photoId: string },
): Promise<Result<{ remaining: number }, PortalError>> {
  const outcome = await deps.uow.run(async ({ properties }) => {
    const property = await properties.lockOwned(input.agentId, input.propertyId);
    if (!property) return notFound();
    const photo = property.photos.find((p) => p.id === input.photoId);
    if (!photo) return err(domainError("portal.photo_not_found"));
    await properties.deletePhoto(property.id, photo.id);
    const rest = renumber(property.photos.filter((p) => p.id !== photo.id));
    await properties.setPhotoPositions(property.id, rest);
    await properties.update({ ...property, isVerified: verifiedAfter(property.isVerified, { kind: "photo_deleted" }), updatedAt: deps.clock.now() });
    return ok({ storageKey: photo.storageKey, remaining: rest.length });
  });
  if (!outcome.ok) return outcome;
  // After the commit: a failure here leaves unused files, never a row pointing at missing files.
  await deps.photos.remove(outcome.value.storageKey);
  return ok({ remaining: outcome.value.remaining });
}

export type PhotoMove = "up" | "down" | "cover";

/** Moves a photo one place earlier or later, or to the front (the cover). Not a material change. */
export async function arrangePhoto(
  deps: Deps<"uow" | "clock">,
  input: { agentId: string; propertyId: string; photoId: string; move: string },
): Promise<Result<ManagedPhoto[], PortalError>> {
  if (input.move !== "up" && input.move !== "down" && input.move !== "cover") return err(domainError("portal.invalid_photo_order"));
  const move: PhotoMove = input.move;
  return deps.uow.run(async ({ properties }) => {
    const property = await properties.lockOwned(input.agentId, input.propertyId);
    if (!property) return notFound();
    const from = property.photos.findIndex((p) => p.id === input.photoId);
    if (from < 0) return err(domainError("portal.photo_not_found"));
    const order = [...property.photos];
    const to = move === "cover" ? 0 : move === "up" ? Math.max(0, from - 1) : Math.min(order.length - 1, from + 1);
    const [photo] = order.splice(from, 1);
    order.splice(to, 0, photo);
    const arranged = renumber(order);
    await properties.setPhotoPositions(property.id, arranged);
    await properties.update({ ...property, isVerified: verifiedAfter(property.isVerified, { kind: "photos_reordered" }), updatedAt: deps.clock.now() });
    return ok(arranged);
  });
}
