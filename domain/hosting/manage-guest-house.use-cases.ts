// The host area's guest-house use cases: create, edit, photos (add, delete, move), blocked nights,
// and the reads. Each write re-reads the house with lockHouse inside its transaction, scoped by
// the host's id, so a crafted id of another host's house changes nothing (hosting.not_found).
import type { PhotoStore } from "../property-management/photo-store.port";
import { renumber } from "../property-management/managed-property.entity";
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { domainError, err, ok, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import type { HostingRepos, HostingRepository } from "./hosting-repository.port";
import type { HostingError } from "./hosting.errors";
import {
  checkGuestHouseDetails,
  MAX_PHOTOS,
  MAX_PHOTO_BYTES,
  nightOf,
  nightsBetween,
  type GuestHouseDetailsInput,
  type HostBookingAttempt,
  type HostedGuestHouse,
  type ManagedPhoto,
} from "./hosted-guest-house.entity";

export interface GuestHouseHostingDeps {
  uow: UnitOfWork<HostingRepos>;
  /** Reads outside a transaction. */
  hosting: HostingRepository;
  photos: PhotoStore;
  clock: Clock;
  ids: IdGenerator;
}
type Deps<K extends keyof GuestHouseHostingDeps> = Pick<GuestHouseHostingDeps, K>;
type Outcome<T> = Promise<Result<T, HostingError>>;

const notFound = () => err(domainError("hosting.not_found")) as { ok: false; error: HostingError };
export const BOOKING_ATTEMPTS_SHOWN = 50;

export function listMyGuestHouses(deps: Deps<"hosting">, hostId: string): Promise<HostedGuestHouse[]> {
  return deps.hosting.listHouses(hostId);
}

/** The host's own house with its upcoming blocked nights, or not_found. */
export async function getMyGuestHouse(deps: Deps<"hosting" | "clock">, hostId: string, houseId: string): Outcome<{ house: HostedGuestHouse; blockedNights: string[] }> {
  const house = await deps.hosting.findHouse(hostId, houseId);
  if (!house) return notFound();
  return ok({ house, blockedNights: await deps.hosting.listBlockedNights(house.id, nightOf(deps.clock.now())) });
}

/** Booking attempts on the host's houses: the guest's name and stay, never their contact details. */
export function listMyBookingAttempts(deps: Deps<"hosting">, hostId: string): Promise<HostBookingAttempt[]> {
  return deps.hosting.listBookingAttempts(hostId, BOOKING_ATTEMPTS_SHOWN);
}

/** Only a user who has submitted their documents (any status) is a host and may add houses. */
export async function createGuestHouse(deps: Deps<"uow" | "clock" | "ids">, input: { hostId: string; details: GuestHouseDetailsInput }): Outcome<HostedGuestHouse> {
  const details = checkGuestHouseDetails(input.details);
  if (!details.ok) return details;
  return deps.uow.run(async ({ hosting }) => {
    if (!(await hosting.findVerification(input.hostId))) return err(domainError("hosting.verification_required"));
    const house: HostedGuestHouse = { ...details.value, id: deps.ids.id(), hostId: input.hostId, createdAt: deps.clock.now(), photos: [] };
    await hosting.insertHouse(house);
    return ok(house);
  });
}

export async function editGuestHouse(deps: Deps<"uow">, input: { hostId: string; houseId: string; details: GuestHouseDetailsInput }): Outcome<HostedGuestHouse> {
  const details = checkGuestHouseDetails(input.details);
  if (!details.ok) return details;
  return deps.uow.run(async ({ hosting }) => {
    const before = await hosting.lockHouse(input.hostId, input.houseId);
    if (!before) return notFound();
    const house: HostedGuestHouse = { ...before, ...details.value };
    await hosting.updateHouse(house);
    return ok(house);
  });
}

/** One photo per call; files first, then the row; files removed again when the row is refused. */
export async function addGuestHousePhoto(deps: Deps<"uow" | "hosting" | "photos" | "clock" | "ids">, input: { hostId: string; houseId: string; bytes: Uint8Array }): Outcome<ManagedPhoto> {
  if (input.bytes.byteLength === 0) return err(domainError("hosting.photo_empty"));
  if (input.bytes.byteLength > MAX_PHOTO_BYTES) return err(domainError("hosting.photo_too_large", { max: MAX_PHOTO_BYTES / (1024 * 1024) }));
  const current = await deps.hosting.findHouse(input.hostId, input.houseId);
  if (!current) return notFound();
  if (current.photos.length >= MAX_PHOTOS) return err(domainError("hosting.too_many_photos", { max: MAX_PHOTOS }));

  const saved = await deps.photos.save(input.bytes);
  if (!saved.ok) return err(domainError(saved.reason === "unsupported_format" ? "hosting.photo_unsupported_format" : "hosting.photo_unreadable"));
  const file = saved.photo;
  let outcome: Result<ManagedPhoto, HostingError>;
  try {
    outcome = await deps.uow.run(async ({ hosting }) => {
      const house = await hosting.lockHouse(input.hostId, input.houseId);
      if (!house) return notFound();
      if (house.photos.length >= MAX_PHOTOS) return err(domainError("hosting.too_many_photos", { max: MAX_PHOTOS }));
      const photo: ManagedPhoto = { id: deps.ids.id(), storageKey: file.storageKey, width: file.width, height: file.height, position: house.photos.length };
      await hosting.insertPhoto(house.id, photo, deps.clock.now());
      return ok(photo);
    });
  } catch (error) {
    await deps.photos.remove(file.storageKey);
    throw error;
  }
  if (!outcome.ok) await deps.photos.remove(file.storageKey);
  return outcome;
}

/** Deletes the row and renumbers the rest in a transaction, then the files. */
export async function deleteGuestHousePhoto(deps: Deps<"uow" | "photos">, input: { hostId: string; houseId: string; photoId: string }): Outcome<{ remaining: number }> {
  const outcome = await deps.uow.run(async ({ hosting }) => {
    const house = await hosting.lockHouse(input.hostId, input.houseId);
    if (!house) return notFound();
    const photo = house.photos.find((p) => p.id === input.photoId);
    if (!photo) return err(domainError("hosting.photo_not_found"));
    await hosting.deletePhoto(house.id, photo.id);
    const rest = renumber(house.photos.filter((p) => p.id !== photo.id));
    await hosting.setPhotoPositions(house.id, rest);
    return ok({ storageKey: photo.storageKey, remaining: rest.length });
  });
  if (!outcome.ok) return outcome;
  await deps.photos.remove(outcome.value.storageKey);
  return ok({ remaining: outcome.value.remaining });
}

/** Blocks (or unblocks) every night from `from` to `to`, both included. */
export async function setBlockedNights(
  deps: Deps<"uow" | "clock">,
  input: { hostId: string; houseId: string; from: string; to: string; blocked: boolean },
): Outcome<{ nights: number }> {
  const now = deps.clock.now();
  const nights = nightsBetween(input.from, input.to, now);
  if (!nights.ok) return nights;
  return deps.uow.run(async ({ hosting }) => {
    const house = await hosting.lockHouse(input.hostId, input.houseId);
    if (!house) return notFound();
    if (input.blocked) await hosting.blockNights(house.id, nights.value, now);
    else await hosting.unblockNights(house.id, nights.value);
    return ok({ nights: nights.value.length });
  });
}
