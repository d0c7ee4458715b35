// The photo steps shared by every owner of photos (an agent's property, a host's guest house):
// add one (checks, file first, row in a transaction, file removed again on refusal or failure),
// delete one (row and renumbering in a transaction, then the file) and move one (up, down, to
// the front as the cover). Each owner's use case supplies its error scope, how to find and lock
// its record (scoped to its owner, so another owner's id is not found) and what else changes
// with its photos (a property's verification, for instance).
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { domainError, err, ok, type DomainError, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import { MAX_PHOTOS, MAX_PHOTO_BYTES, renumber, type ManagedPhoto } from "./managed-property.entity";
import type { PhotoStore } from "./photo-store.port";

/** The error-code prefix of the owner's module: `portal.photo_empty`, `hosting.photo_empty`… */
export type PhotoScope = "portal" | "hosting";
export type PhotoErrorCode<S extends PhotoScope> =
  | `${S}.not_found`
  | `${S}.photo_not_found`
  | `${S}.photo_empty`
  | `${S}.photo_too_large`
  | `${S}.too_many_photos`
  | `${S}.photo_unsupported_format`
  | `${S}.photo_unreadable`
  | `${S}.invalid_photo_order`;
type Outcome<T, S extends PhotoScope> = Promise<Result<T, DomainError<PhotoErrorCode<S>>>>;

/** The photo rows of one kind of owner, as its repository stores them. */
export interface PhotoRows {
  insertPhoto(ownerId: string, photo: ManagedPhoto, createdAt: Date): Promise<void>;
  deletePhoto(ownerId: string, photoId: string): Promise<boolean>;
  setPhotoPositions(ownerId: string, photos: readonly Pick<ManagedPhoto, "id" | "position">[]): Promise<void>;
}

export interface PhotoOwner {
  id: string;
  /** In position order. */
  photos: ManagedPhoto[];
}

/** How one kind of owner takes part: its scope, its reads and its repository inside the transaction. */
export interface PhotoOwnerAccess<S extends PhotoScope, R, O extends PhotoOwner> {
  scope: S;
  /** A read outside the transaction, for the cheap refusals; null when missing or not the caller's. */
  find(): Promise<O | null>;
  /** The owner locked inside the transaction; null when missing or not the caller's. */
  lock(repos: R): Promise<O | null>;
  rows(repos: R): PhotoRows;
  /** What else changes in the same transaction (e.g. the property's verification); optional. */
  changed?(repos: R, owner: O, change: "photo_added" | "photo_deleted" | "photos_reordered", now: Date): Promise<void>;
}

export type PhotoMove = "up" | "down" | "cover";
export const isPhotoMove = (v: string): v is PhotoMove => v === "up" || v === "down" || v === "cover";

/** The photos with one moved one place earlier or later, or to the front; renumbered. */
export function movePhoto(photos: readonly ManagedPhoto[], photoId: string, move: PhotoMove): ManagedPhoto[] | null {
  const from = photos.findIndex((p) => p.id === photoId);
  if (from < 0) return null;
  const order = [...photos];
  const to = move === "cover" ? 0 : move === "up" ? Math.max(0, from - 1) : Math.min(order.length - 1, from + 1);
  const [photo] = order.splice(from, 1);
  order.splice(to, 0, photo!);
  return renumber(order);
}

const refuse = <S extends PhotoScope>(scope: S, code: string, params?: Record<string, string | number>) =>
  err(domainError(`${scope}.${code}` as PhotoErrorCode<S>, params));

/**
 * One photo per call (keeps request bodies near 8 MB). The file is written first, then the row in
 * a transaction; when the transaction refuses or fails the file is removed again, so a failure
 * halfway leaves neither an orphan row nor an orphan file.
 */
export async function addOwnedPhoto<S extends PhotoScope, R, O extends PhotoOwner>(
  deps: { uow: UnitOfWork<R>; photos: PhotoStore; clock: Clock; ids: IdGenerator },
  access: PhotoOwnerAccess<S, R, O>,
  bytes: Uint8Array,
): Outcome<ManagedPhoto, S> {
  const { scope } = access;
  if (bytes.byteLength === 0) return refuse(scope, "photo_empty");
  if (bytes.byteLength > MAX_PHOTO_BYTES) return refuse(scope, "photo_too_large", { max: MAX_PHOTO_BYTES / (1024 * 1024) });
  // Cheap refusals before the image work; the transaction below checks again.
  const current = await access.find();
  if (!current) return refuse(scope, "not_found");
  if (current.photos.length >= MAX_PHOTOS) return refuse(scope, "too_many_photos", { max: MAX_PHOTOS });

  const saved = await deps.photos.save(bytes);
  if (!saved.ok) return refuse(scope, saved.reason === "unsupported_format" ? "photo_unsupported_format" : "photo_unreadable");
  const file = saved.photo;
  let outcome: Result<ManagedPhoto, DomainError<PhotoErrorCode<S>>>;
  try {
    outcome = await deps.uow.run(async (repos) => {
      const owner = await access.lock(repos);
      if (!owner) return refuse(scope, "not_found");
      if (owner.photos.length >= MAX_PHOTOS) return refuse(scope, "too_many_photos", { max: MAX_PHOTOS });
      const now = deps.clock.now();
      const photo: ManagedPhoto = {
        id: deps.ids.id(),
        storageKey: file.storageKey,
        width: file.width,
        height: file.height,
        position: owner.photos.length,
      };
      await access.rows(repos).insertPhoto(owner.id, photo, now);
      await access.changed?.(repos, owner, "photo_added", now);
      return ok(photo);
    });
  } catch (error) {
    await deps.photos.remove(file.storageKey);
    throw error;
  }
  if (!outcome.ok) await deps.photos.remove(file.storageKey);
  return outcome;
}

/** Deletes the row and renumbers the rest in a transaction, then the file. */
export async function deleteOwnedPhoto<S extends PhotoScope, R, O extends PhotoOwner>(
  deps: { uow: UnitOfWork<R>; photos: PhotoStore; clock: Clock },
  access: Omit<PhotoOwnerAccess<S, R, O>, "find">,
  photoId: string,
): Outcome<{ remaining: number }, S> {
  const { scope } = access;
  const outcome = await deps.uow.run(async (repos) => {
    const owner = await access.lock(repos);
    if (!owner) return refuse(scope, "not_found");
    const photo = owner.photos.find((p) => p.id === photoId);
    if (!photo) return refuse(scope, "photo_not_found");
    const rows = access.rows(repos);
    await rows.deletePhoto(owner.id, photo.id);
    const rest = renumber(owner.photos.filter((p) => p.id !== photo.id));
    await rows.setPhotoPositions(owner.id, rest);
    await access.changed?.(repos, owner, "photo_deleted", deps.clock.now());
    return ok({ storageKey: photo.storageKey, remaining: rest.length });
  });
  if (!outcome.ok) return outcome;
  // After the commit: a failure here leaves an unused file, never a row pointing at a missing file.
  await deps.photos.remove(outcome.value.storageKey);
  return ok({ remaining: outcome.value.remaining });
}

/** Moves a photo one place earlier or later, or to the front (the cover). */
export async function arrangeOwnedPhoto<S extends PhotoScope, R, O extends PhotoOwner>(
  deps: { uow: UnitOfWork<R>; clock: Clock },
  access: Omit<PhotoOwnerAccess<S, R, O>, "find">,
  input: { photoId: string; move: string },
): Outcome<ManagedPhoto[], S> {
  const { scope } = access;
  const move = input.move;
  if (!isPhotoMove(move)) return refuse(scope, "invalid_photo_order");
  return deps.uow.run(async (repos) => {
    const owner = await access.lock(repos);
    if (!owner) return refuse(scope, "not_found");
    const arranged = movePhoto(owner.photos, input.photoId, move);
    if (!arranged) return refuse(scope, "photo_not_found");
    await access.rows(repos).setPhotoPositions(owner.id, arranged);
    await access.changed?.(repos, owner, "photos_reordered", deps.clock.now());
    return ok(arranged);
  });
}
