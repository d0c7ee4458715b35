// The agent portal's property use cases: create, edit, change status, confirm availability, and
// the photos (add, delete, move, set cover). Each one checks ownership inside its transaction
// (lockOwned answers null for another agent's property), so a crafted id changes nothing.
// An admin edits any listing's details through adminEditProperty: same checks, same write, plus an
// audit row in the same transaction (decision 0129). Every change shows on the public listings:
// each one tells the public pages once it is stored (an admin's edit that changes nothing does not).
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { domainError, err, ok, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import { publicChange, type PublicPages } from "../shared/public-pages.port";
import type { PropertyStatus } from "../listings/buea";
import {
  PORTAL_PAGE_SIZE,
  campusDistance,
  checkPropertyDetails,
  isAvailableFor,
  isPropertyStatus,
  verifiedAfter,
  type ManagedPhoto,
  type ManagedProperty,
  type PortalPropertyPage,
  type PropertyDetails,
  type PropertyDetailsInput,
} from "./managed-property.entity";
import { auditData } from "../accounts/audit-log.port";
import type { AdminPropertyRepos, ManagedPropertyRepository, PropertyManagementRepos } from "./managed-property-repository.port";
import { addOwnedPhoto, arrangeOwnedPhoto, deleteOwnedPhoto, type PhotoMove, type PhotoOwnerAccess } from "./owned-photos";
import type { PhotoStore } from "./photo-store.port";
import type { PortalError } from "./property-management.errors";

export interface PropertyManagementDeps {
  uow: UnitOfWork<PropertyManagementRepos>;
  /** Reads outside a transaction (the list, the edit form). */
  properties: ManagedPropertyRepository;
  photos: PhotoStore;
  clock: Clock;
  ids: IdGenerator;
  publicPages: PublicPages;
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
export async function getMyProperty(
  deps: Deps<"properties">,
  agentId: string,
  propertyId: string,
): Promise<Result<ManagedProperty, PortalError>> {
  const property = await deps.properties.findOwned(agentId, propertyId);
  return property ? ok(property) : notFound();
}

/** A new property is unverified until an admin checks it, and open for visits. */
export async function createProperty(
  deps: Deps<"uow" | "clock" | "ids" | "publicPages">,
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
  deps.publicPages.changed();
  return ok(property);
}

/** The property with new details: the distance to campus follows the coordinates. */
function withDetails(before: ManagedProperty, details: PropertyDetails, isVerified: boolean, now: Date): ManagedProperty {
  return { ...before, ...details, isVerified, distanceToCampusM: campusDistance(details), updatedAt: now };
}

export async function editProperty(
  deps: Deps<"uow" | "clock" | "publicPages">,
  input: { agentId: string; propertyId: string; details: PropertyDetailsInput },
): Promise<Result<{ property: ManagedProperty; becameUnverified: boolean }, PortalError>> {
  const details = checkPropertyDetails(input.details);
  if (!details.ok) return details;
  return publicChange(
    deps.publicPages,
    deps.uow.run(async ({ properties }) => {
      const before = await properties.lockOwned(input.agentId, input.propertyId);
      if (!before) return notFound();
      const isVerified = verifiedAfter(before.isVerified, { kind: "details", before, after: details.value });
      const property = withDetails(before, details.value, isVerified, deps.clock.now());
      await properties.update(property);
      return ok({ property, becameUnverified: before.isVerified && !isVerified });
    }),
  );
}

export const ADMIN_PROPERTY_EDITED_ACTION = "admin.property_edited";

export interface AdminPropertyDeps {
  adminUow: UnitOfWork<AdminPropertyRepos>;
  properties: ManagedPropertyRepository;
  clock: Clock;
  ids: IdGenerator;
  publicPages: PublicPages;
}

/** Any agent's property for the admin's edit form, or not_found. */
export async function getPropertyForAdmin(
  deps: Pick<AdminPropertyDeps, "properties">,
  propertyId: string,
): Promise<Result<ManagedProperty, PortalError>> {
  const property = await deps.properties.findAny(propertyId);
  return property ? ok(property) : notFound();
}

/** The fields of the details that differ, before and after (what the audit row keeps). */
function changedDetails(
  before: PropertyDetails,
  after: PropertyDetails,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys: (keyof PropertyDetails)[] = [
    "title",
    "description",
    "propertyType",
    "monthlyRent",
    "advanceMonths",
    "neighbourhood",
    "address",
    "latitude",
    "longitude",
    "bedrooms",
    "bathrooms",
    "amenities",
    "visitingHours",
  ];
  const diff = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of keys) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    diff.before[key] = before[key];
    diff.after[key] = after[key];
  }
  return diff;
}

/**
 * An admin corrects any agent's listing with the agent's own form and checks. The property keeps its
 * owner, status and verification (only the admin's verify/unverify decision changes that, decision
 * 0121; an admin's correction is not an agent's unchecked change). The write and its audit row
 * (`admin.property_edited`, the changed fields before and after) land together; a form that changes
 * nothing writes nothing.
 */
export async function adminEditProperty(
  deps: Pick<AdminPropertyDeps, "adminUow" | "properties" | "clock" | "ids" | "publicPages">,
  input: { adminId: string; propertyId: string; details: PropertyDetailsInput },
): Promise<Result<{ property: ManagedProperty; changed: boolean }, PortalError>> {
  const details = checkPropertyDetails(input.details);
  if (!details.ok) return details;
  const found = await deps.properties.findAny(input.propertyId);
  if (!found) return notFound();
  const outcome = deps.adminUow.run(async ({ properties, audit }) => {
    // Locked under its owner's id, as every other write of this module.
    const before = await properties.lockOwned(found.agentId, input.propertyId);
    if (!before) return notFound();
    const diff = changedDetails(before, details.value);
    if (Object.keys(diff.after).length === 0) return ok({ property: before, changed: false });
    const now = deps.clock.now();
    const property = withDetails(before, details.value, before.isVerified, now);
    if (!(await properties.update(property))) return notFound();
    await audit.record({
      id: deps.ids.id(),
      actorId: input.adminId,
      action: ADMIN_PROPERTY_EDITED_ACTION,
      data: auditData(`property:${before.id}`, diff.before, diff.after),
      at: now,
    });
    return ok({ property, changed: true });
  });
  return publicChange(deps.publicPages, outcome, ({ changed }) => changed);
}

/** The quick status buttons. Status and "open for visits" are set together. */
export async function changePropertyStatus(
  deps: Deps<"uow" | "clock" | "publicPages">,
  input: { agentId: string; propertyId: string; status: string },
): Promise<Result<ManagedProperty, PortalError>> {
  if (!isPropertyStatus(input.status)) return err(domainError("portal.invalid_status"));
  const status: PropertyStatus = input.status;
  return publicChange(
    deps.publicPages,
    deps.uow.run(async ({ properties }) => {
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
    }),
  );
}

/** "Still available": only a property marked Available can be confirmed. */
export async function confirmAvailability(
  deps: Deps<"uow" | "clock" | "publicPages">,
  input: { agentId: string; propertyId: string },
): Promise<Result<ManagedProperty, PortalError>> {
  return publicChange(
    deps.publicPages,
    deps.uow.run(async ({ properties }) => {
      const before = await properties.lockOwned(input.agentId, input.propertyId);
      if (!before) return notFound();
      if (before.status !== "available") return err(domainError("portal.not_available_to_confirm"));
      const now = deps.clock.now();
      const property: ManagedProperty = { ...before, isAvailable: true, availabilityConfirmedAt: now, updatedAt: now };
      await properties.update(property);
      return ok(property);
    }),
  );
}

/** The property as an owner of photos: found and locked for its agent only; a change re-checks its verification. */
function propertyPhotos(
  deps: Deps<"properties">,
  input: { agentId: string; propertyId: string },
): PhotoOwnerAccess<"portal", PropertyManagementRepos, ManagedProperty> {
  return {
    scope: "portal",
    find: () => deps.properties.findOwned(input.agentId, input.propertyId),
    lock: ({ properties }) => properties.lockOwned(input.agentId, input.propertyId),
    rows: ({ properties }) => properties,
    changed: async ({ properties }, property, change, now) => {
      await properties.update({ ...property, isVerified: verifiedAfter(property.isVerified, { kind: change }), updatedAt: now });
    },
  };
}

/** One photo per call; see addOwnedPhoto. Photos never clear the verification (isMaterialChange, decision 0207). */
export function addPhoto(
  deps: Deps<"uow" | "properties" | "photos" | "clock" | "ids" | "publicPages">,
  input: { agentId: string; propertyId: string; bytes: Uint8Array },
): Promise<Result<ManagedPhoto, PortalError>> {
  return publicChange(deps.publicPages, addOwnedPhoto(deps, propertyPhotos(deps, input), input.bytes));
}

/** Deletes the row (and renumbers the rest) in a transaction, then the files. */
export function deletePhoto(
  deps: Deps<"uow" | "properties" | "photos" | "clock" | "publicPages">,
  input: { agentId: string; propertyId: string; photoId: string },
): Promise<Result<{ remaining: number }, PortalError>> {
  return publicChange(deps.publicPages, deleteOwnedPhoto(deps, propertyPhotos(deps, input), input.photoId));
}

export type { PhotoMove };

/** Moves a photo one place earlier or later, or to the front (the cover). Not a material change. */
export function arrangePhoto(
  deps: Deps<"uow" | "properties" | "clock" | "publicPages">,
  input: { agentId: string; propertyId: string; photoId: string; move: string },
): Promise<Result<ManagedPhoto[], PortalError>> {
  return publicChange(deps.publicPages, arrangeOwnedPhoto(deps, propertyPhotos(deps, input), input));
}
