// The host area on SQLite and PostgreSQL: host verifications (one row per host), the host's
// guest houses with their photos and blocked nights, and booking attempts on them. Every
// guest-house query is scoped by host_id: another host's house is simply not found.
import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, GuestHousesTable, HostVerificationsTable } from "../db/schema";
import { preparedQuery } from "../db/prepared-query";
import { isGuestHouseAmenity } from "#domain/guest-houses/guest-house-read-models";
import {
  GUEST_HOUSE_AMENITIES,
  type HostBookingAttempt,
  type HostedGuestHouse,
  type ManagedPhoto,
} from "#domain/hosting/hosted-guest-house.entity";
import {
  HOST_DOCUMENT_KINDS,
  type HostDocument,
  type HostVerification,
  type HostVerificationStatus,
} from "#domain/hosting/host-verification.entity";
import type { HostingRepos, HostingRepository } from "#domain/hosting/hosting-repository.port";
import type { UnitOfWork } from "#domain/shared/transaction";
import { KyselyAccountAuditLog } from "./kysely-account-audit-log";
import { KyselyPhotoRows } from "./kysely-photo-rows";
import { blockedNightsFrom } from "./kysely-blocked-nights";

const date = (s: string | null) => (s === null ? null : new Date(s));

function parseJsonList(json: string): unknown[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

function toDocuments(json: string): HostDocument[] {
  return parseJsonList(json).filter(
    (d): d is HostDocument =>
      typeof d === "object" &&
      d !== null &&
      typeof (d as HostDocument).storageKey === "string" &&
      (HOST_DOCUMENT_KINDS as readonly string[]).includes((d as HostDocument).kind),
  );
}

function toVerification(r: Selectable<HostVerificationsTable>): HostVerification {
  return {
    id: r.id,
    hostId: r.host_id,
    status: r.status,
    documents: toDocuments(r.documents),
    submittedAt: new Date(r.submitted_at),
    reviewedAt: date(r.reviewed_at),
    reviewedBy: r.reviewed_by,
    rejectReason: r.reject_reason,
  };
}

function toHouse(r: Selectable<GuestHousesTable>, photos: ManagedPhoto[]): HostedGuestHouse {
  const present = new Set(parseJsonList(r.amenities).filter(isGuestHouseAmenity));
  return {
    id: r.id,
    hostId: r.host_id,
    name: r.name,
    description: r.description,
    neighbourhood: r.neighbourhood,
    address: r.address,
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    locationApproximate: Number(r.location_approximate) === 1,
    nightlyRate: Number(r.nightly_rate),
    rooms: Number(r.rooms),
    maxGuests: Number(r.max_guests),
    amenities: GUEST_HOUSE_AMENITIES.filter((a) => present.has(a)),
    houseRules: r.house_rules,
    whatsappNumber: r.whatsapp_number,
    createdAt: new Date(r.created_at),
    photos,
  };
}

function houseColumns(h: HostedGuestHouse) {
  return {
    name: h.name,
    description: h.description,
    neighbourhood: h.neighbourhood,
    address: h.address,
    latitude: h.latitude,
    longitude: h.longitude,
    location_approximate: h.locationApproximate ? 1 : 0,
    nightly_rate: h.nightlyRate,
    rooms: h.rooms,
    max_guests: h.maxGuests,
    amenities: JSON.stringify(h.amenities),
    house_rules: h.houseRules,
    whatsapp_number: h.whatsappNumber,
  } as const;
}

/** A host's verification: read for every signed-in page's menu (is this user a host?), built once. */
const verificationQuery = preparedQuery((db: Kysely<Database>, slot) =>
  db.selectFrom("host_verifications").selectAll().where("host_id", "=", slot<string>("hostId")),
);

export class KyselyHostingRepository implements HostingRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** True inside a PostgreSQL transaction: lockHouse takes the row lock (SQLite locks the whole file on write). */
    private readonly lockRows = false,
  ) {
    this.photoRows = new KyselyPhotoRows(db, "guest_house");
  }

  private readonly photoRows: KyselyPhotoRows;

  async findVerification(hostId: string): Promise<HostVerification | null> {
    const [row] = (await this.db.executeQuery(verificationQuery(this.db, { hostId }))).rows;
    return row ? toVerification(row) : null;
  }

  async saveSubmission(v: HostVerification): Promise<void> {
    const values = {
      status: v.status,
      documents: JSON.stringify(v.documents),
      submitted_at: v.submittedAt.toISOString(),
      reviewed_at: v.reviewedAt?.toISOString() ?? null,
      reviewed_by: v.reviewedBy,
      reject_reason: v.rejectReason,
    };
    await this.db
      .insertInto("host_verifications")
      .values({ id: v.id, host_id: v.hostId, ...values })
      .onConflict((oc) => oc.column("host_id").doUpdateSet(values))
      .execute();
  }

  async review(
    hostId: string,
    outcome: { status: Exclude<HostVerificationStatus, "pending">; reviewedAt: Date; reviewedBy: string; rejectReason: string | null },
  ): Promise<boolean> {
    const r = await this.db
      .updateTable("host_verifications")
      .set({
        status: outcome.status,
        reviewed_at: outcome.reviewedAt.toISOString(),
        reviewed_by: outcome.reviewedBy,
        reject_reason: outcome.rejectReason,
      })
      .where("host_id", "=", hostId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async listVerifications(status: HostVerificationStatus, limit: number): Promise<HostVerification[]> {
    const rows = await this.db
      .selectFrom("host_verifications")
      .selectAll()
      .where("status", "=", status)
      .orderBy("submitted_at")
      .orderBy("id")
      .limit(limit)
      .execute();
    return rows.map(toVerification);
  }

  private photosOf(houseIds: readonly string[]): Promise<Map<string, ManagedPhoto[]>> {
    return this.photoRows.listFor(houseIds);
  }

  async findHouse(hostId: string, id: string): Promise<HostedGuestHouse | null> {
    const row = await this.db.selectFrom("guest_houses").selectAll().where("id", "=", id).where("host_id", "=", hostId).executeTakeFirst();
    return row ? toHouse(row, (await this.photosOf([row.id])).get(row.id) ?? []) : null;
  }

  async lockHouse(hostId: string, id: string): Promise<HostedGuestHouse | null> {
    if (!this.lockRows) {
      // SQLite: a no-op write first, so this transaction holds the write lock before it reads.
      const touched = await this.db
        .updateTable("guest_houses")
        .set({ name: sql`name` })
        .where("id", "=", id)
        .where("host_id", "=", hostId)
        .executeTakeFirst();
      if (Number(touched.numUpdatedRows) === 0) return null;
      return this.findHouse(hostId, id);
    }
    const row = await this.db
      .selectFrom("guest_houses")
      .selectAll()
      .where("id", "=", id)
      .where("host_id", "=", hostId)
      .forUpdate()
      .executeTakeFirst();
    return row ? toHouse(row, (await this.photosOf([row.id])).get(row.id) ?? []) : null;
  }

  async listHouses(hostId: string): Promise<HostedGuestHouse[]> {
    const rows = await this.db
      .selectFrom("guest_houses")
      .selectAll()
      .where("host_id", "=", hostId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    const photos = await this.photosOf(rows.map((r) => r.id));
    return rows.map((r) => toHouse(r, photos.get(r.id) ?? []));
  }

  async insertHouse(h: HostedGuestHouse): Promise<void> {
    // is_verified is no longer read: the badge comes from the host's verification.
    await this.db
      .insertInto("guest_houses")
      .values({ id: h.id, host_id: h.hostId, created_at: h.createdAt.toISOString(), ...houseColumns(h) })
      .execute();
  }

  async updateHouse(h: HostedGuestHouse): Promise<boolean> {
    const r = await this.db
      .updateTable("guest_houses")
      .set(houseColumns(h))
      .where("id", "=", h.id)
      .where("host_id", "=", h.hostId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  insertPhoto(houseId: string, photo: ManagedPhoto, createdAt: Date): Promise<void> {
    return this.photoRows.insertPhoto(houseId, photo, createdAt);
  }

  deletePhoto(houseId: string, photoId: string): Promise<boolean> {
    return this.photoRows.deletePhoto(houseId, photoId);
  }

  setPhotoPositions(houseId: string, photos: readonly Pick<ManagedPhoto, "id" | "position">[]): Promise<void> {
    return this.photoRows.setPhotoPositions(houseId, photos);
  }

  async blockNights(houseId: string, nights: readonly string[], at: Date): Promise<void> {
    // In slices: SQLite allows a limited number of bound parameters per statement.
    for (let i = 0; i < nights.length; i += 100) {
      await this.db
        .insertInto("guest_house_blocked_dates")
        .values(nights.slice(i, i + 100).map((night) => ({ guest_house_id: houseId, blocked_date: night, created_at: at.toISOString() })))
        .onConflict((oc) => oc.columns(["guest_house_id", "blocked_date"]).doNothing())
        .execute();
    }
  }

  async unblockNights(houseId: string, nights: readonly string[]): Promise<void> {
    for (let i = 0; i < nights.length; i += 100) {
      await this.db
        .deleteFrom("guest_house_blocked_dates")
        .where("guest_house_id", "=", houseId)
        .where("blocked_date", "in", nights.slice(i, i + 100))
        .execute();
    }
  }

  async listBlockedNights(houseId: string, fromNight: string): Promise<string[]> {
    return blockedNightsFrom(this.db, houseId, fromNight);
  }

  async listBookingAttempts(hostId: string, limit: number): Promise<HostBookingAttempt[]> {
    // Only the guest's name: the host gets in touch on WhatsApp, never by the guest's phone or e-mail.
    const rows = await this.db
      .selectFrom("booking_attempts")
      .innerJoin("guest_houses", "guest_houses.id", "booking_attempts.guest_house_id")
      .innerJoin("profiles", "profiles.id", "booking_attempts.user_id")
      .select([
        "booking_attempts.id",
        "booking_attempts.guest_house_id",
        "guest_houses.name as house_name",
        "profiles.full_name",
        "booking_attempts.attempt_date",
        "booking_attempts.check_in",
        "booking_attempts.check_out",
        "booking_attempts.guests",
      ])
      .where("guest_houses.host_id", "=", hostId)
      .orderBy("booking_attempts.attempt_date", "desc")
      .orderBy("booking_attempts.id", "desc")
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      guestHouseId: r.guest_house_id,
      guestHouseName: r.house_name,
      guestName: (r.full_name ?? "").trim(),
      attemptDate: new Date(r.attempt_date),
      checkIn: r.check_in,
      checkOut: r.check_out,
      guests: r.guests === null ? null : Number(r.guests),
    }));
  }
}

export function kyselyHostingUnitOfWork(db: Kysely<Database>, dialect: "sqlite" | "postgres"): UnitOfWork<HostingRepos> {
  return {
    run: (work) =>
      db
        .transaction()
        .execute((trx) =>
          work({ hosting: new KyselyHostingRepository(trx, dialect === "postgres"), auditLog: new KyselyAccountAuditLog(trx) }),
        ),
  };
}
