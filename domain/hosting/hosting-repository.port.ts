// What the host area and the review of hosts need from storage. Every guest-house read and write
// is scoped by the host's id: another host's house looks exactly like a missing one.
import type { AuditLog } from "../accounts/audit-log.port";
import type { HostBookingAttempt, HostedGuestHouse, ManagedPhoto } from "./hosted-guest-house.entity";
import type { HostVerification, HostVerificationStatus } from "./host-verification.entity";

export interface HostingRepository {
  /** The host's verification (one per host), or null when they never submitted. */
  findVerification(hostId: string): Promise<HostVerification | null>;
  /** Inserts the submission, or replaces the host's previous one (status pending again, review cleared). */
  saveSubmission(verification: HostVerification): Promise<void>;
  /** Sets the outcome only while the verification is pending; false when it was not. */
  review(
    hostId: string,
    outcome: { status: Exclude<HostVerificationStatus, "pending">; reviewedAt: Date; reviewedBy: string; rejectReason: string | null },
  ): Promise<boolean>;
  /** Oldest submission first. */
  listVerifications(status: HostVerificationStatus, limit: number): Promise<HostVerification[]>;

  /** The house with its photos (position order), or null when it is missing or not the host's. */
  findHouse(hostId: string, id: string): Promise<HostedGuestHouse | null>;
  /** As findHouse, and locks the row until the transaction ends. */
  lockHouse(hostId: string, id: string): Promise<HostedGuestHouse | null>;
  /** The host's houses, newest first, each with its photos. */
  listHouses(hostId: string): Promise<HostedGuestHouse[]>;
  insertHouse(house: HostedGuestHouse): Promise<void>;
  /** Writes the details (not the photos). False when the house is not the host's. */
  updateHouse(house: HostedGuestHouse): Promise<boolean>;
  insertPhoto(houseId: string, photo: ManagedPhoto, createdAt: Date): Promise<void>;
  deletePhoto(houseId: string, photoId: string): Promise<boolean>;
  setPhotoPositions(houseId: string, photos: readonly Pick<ManagedPhoto, "id" | "position">[]): Promise<void>;

  /** Marks nights unavailable; nights already blocked stay as they are. */
  blockNights(houseId: string, nights: readonly string[], at: Date): Promise<void>;
  unblockNights(houseId: string, nights: readonly string[]): Promise<void>;
  /** Blocked nights from `fromNight` on, in order. */
  listBlockedNights(houseId: string, fromNight: string): Promise<string[]>;

  /** Booking attempts on the host's houses, newest first. */
  listBookingAttempts(hostId: string, limit: number): Promise<HostBookingAttempt[]>;
}

/** The repositories that change together; `uow.run` hands out the same set bound to a transaction. */
export interface HostingRepos {
  hosting: HostingRepository;
  auditLog: AuditLog;
}
