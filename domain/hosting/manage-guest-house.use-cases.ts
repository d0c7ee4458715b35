// The host area's guest-house use cases: create, edit, photos (add, delete, move, cover), blocked nights,
// and the reads. Each write re-reads the house with lockHouse inside its transaction, scoped by
// the host's id, so a crafted id of another host's house changes nothing (hosting.not_found).
// Every write tells the public pages once it is stored (a house whose host is not approved yet
// too: the rule of who sees it, guestHouseVisibility, is not read here for so rare a change).
import { addOwnedPhoto, arrangeOwnedPhoto, deleteOwnedPhoto, type PhotoOwnerAccess } from "../property-management/owned-photos";
import type { PhotoStore } from "../property-management/photo-store.port";
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { domainError, err, ok, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import { publicChange, type PublicPages } from "../shared/public-pages.port";
import type { HostingRepos, HostingRepository } from "./hosting-repository.port";
import type { HostingError } from "./hosting.errors";
import {
  checkGuestHouseDetails,
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
  publicPages: PublicPages;
}
type Deps<K extends keyof GuestHouseHostingDeps> = Pick<GuestHouseHostingDeps, K>;
type Outcome<T> = Promise<Result<T, HostingError>>;

const notFound = () => err(domainError("hosting.not_found")) as { ok: false; error: HostingError };
export const BOOKING_ATTEMPTS_SHOWN = 50;

export function listMyGuestHouses(deps: Deps<"hosting">, hostId: string): Promise<HostedGuestHouse[]> {
  return deps.hosting.listHouses(hostId);
}

/** The host's own house with its upcoming blocked nights, or not_found. */
export async function getMyGuestHouse(
  deps: Deps<"hosting" | "clock">,
  hostId: string,
  houseId: string,
): Outcome<{ house: HostedGuestHouse; blockedNights: string[] }> {
  const house = await deps.hosting.findHouse(hostId, houseId);
  if (!house) return notFound();
  return ok({ house, blockedNights: await deps.hosting.listBlockedNights(house.id, nightOf(deps.clock.now())) });
}

/** Booking attempts on the host's houses: the guest's name and stay, never their contact details. */
export function listMyBookingAttempts(deps: Deps<"hosting">, hostId: string): Promise<HostBookingAttempt[]> {
  return deps.hosting.listBookingAttempts(hostId, BOOKING_ATTEMPTS_SHOWN);
}

/** Only a user who has submitted their documents (any status) is a host and may add houses. */
export async function createGuestHouse(
  deps: Deps<"uow" | "clock" | "ids" | "publicPages">,
  input: { hostId: string; details: GuestHouseDetailsInput },
): Outcome<HostedGuestHouse> {
  const details = checkGuestHouseDetails(input.details);
  if (!details.ok) return details;
  return publicChange(
    deps.publicPages,
    deps.uow.run(async ({ hosting }) => {
      if (!(await hosting.findVerification(input.hostId))) return err(domainError("hosting.verification_required"));
      const house: HostedGuestHouse = {
        ...details.value,
        id: deps.ids.id(),
        hostId: input.hostId,
        createdAt: deps.clock.now(),
        photos: [],
      };
      await hosting.insertHouse(house);
      return ok(house);
    }),
  );
}

export async function editGuestHouse(
  deps: Deps<"uow" | "publicPages">,
  input: { hostId: string; houseId: string; details: GuestHouseDetailsInput },
): Outcome<HostedGuestHouse> {
  const details = checkGuestHouseDetails(input.details);
  if (!details.ok) return details;
  return publicChange(
    deps.publicPages,
    deps.uow.run(async ({ hosting }) => {
      const before = await hosting.lockHouse(input.hostId, input.houseId);
      if (!before) return notFound();
      const house: HostedGuestHouse = { ...before, ...details.value };
      await hosting.updateHouse(house);
      return ok(house);
    }),
  );
}

/** The host's house as an owner of photos: found and locked for its host only. */
function housePhotos(
  deps: Deps<"hosting">,
  input: { hostId: string; houseId: string },
): PhotoOwnerAccess<"hosting", HostingRepos, HostedGuestHouse> {
  return {
    scope: "hosting",
    find: () => deps.hosting.findHouse(input.hostId, input.houseId),
    lock: ({ hosting }) => hosting.lockHouse(input.hostId, input.houseId),
    rows: ({ hosting }) => hosting,
  };
}

/** One photo per call, MAX_PHOTOS at most; see addOwnedPhoto. */
export function addGuestHousePhoto(
  deps: Deps<"uow" | "hosting" | "photos" | "clock" | "ids" | "publicPages">,
  input: { hostId: string; houseId: string; bytes: Uint8Array },
): Outcome<ManagedPhoto> {
  return publicChange(deps.publicPages, addOwnedPhoto(deps, housePhotos(deps, input), input.bytes));
}

/** Deletes the row and renumbers the rest in a transaction, then the file. */
export function deleteGuestHousePhoto(
  deps: Deps<"uow" | "hosting" | "photos" | "clock" | "publicPages">,
  input: { hostId: string; houseId: string; photoId: string },
): Outcome<{ remaining: number }> {
  return publicChange(deps.publicPages, deleteOwnedPhoto(deps, housePhotos(deps, input), input.photoId));
}

/** Moves a photo one place earlier or later, or to the front: the first photo is the cover. */
export function arrangeGuestHousePhoto(
  deps: Deps<"uow" | "hosting" | "clock" | "publicPages">,
  input: { hostId: string; houseId: string; photoId: string; move: string },
): Outcome<ManagedPhoto[]> {
  return publicChange(deps.publicPages, arrangeOwnedPhoto(deps, housePhotos(deps, input), input));
}

/** Blocks (or unblocks) every night from `from` to `to`, both included. */
export async function setBlockedNights(
  deps: Deps<"uow" | "clock" | "publicPages">,
  input: { hostId: string; houseId: string; from: string; to: string; blocked: boolean },
): Outcome<{ nights: number }> {
  const now = deps.clock.now();
  const nights = nightsBetween(input.from, input.to, now);
  if (!nights.ok) return nights;
  return publicChange(
    deps.publicPages,
    deps.uow.run(async ({ hosting }) => {
      const house = await hosting.lockHouse(input.hostId, input.houseId);
      if (!house) return notFound();
      if (input.blocked) await hosting.blockNights(house.id, nights.value, now);
      else await hosting.unblockNights(house.id, nights.value);
      return ok({ nights: nights.value.length });
    }),
  );
}
