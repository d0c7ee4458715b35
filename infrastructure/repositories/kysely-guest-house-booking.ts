// Guest-house booking over Kysely: the houses as booking reads them, the booking attempts, and the
// forms kept while their guests pay the access (guest_house_booking_drafts, decision 0243).
import type { Kysely, Selectable } from "kysely";
import type { BookingAttemptsTable, Database, GuestHouseBookingDraftsTable } from "../db/schema";
import { preparedQuery } from "../db/prepared-query";
import { whatsappDigits } from "#domain/listings/agent-contact";
import type { BookableGuestHouse, BookableGuestHouseReader } from "#domain/guest-house-booking/bookable-guest-house.port";
import type { BookingAttempt, BookingAttemptSummary } from "#domain/guest-house-booking/booking-attempt.entity";
import type { BookingAttemptRepository } from "#domain/guest-house-booking/booking-attempt-repository.port";
import type { BookingDraft } from "#domain/guest-house-booking/booking-draft";
import { hostSuspendedAt, latestHostStatus, toHostStatus } from "./kysely-guest-house-catalogue";
import { blockedNightsFrom } from "./kysely-blocked-nights";

/**
 * A student's latest booking attempts, for /profile: built once per limit (the limit is the shape,
 * written into the SQL: SQLite plans a statement with a bound LIMIT at every run, decision 0168).
 */
const attemptsQuery = preparedQuery((db: Kysely<Database>, slot, limit) =>
  db
    .selectFrom("booking_attempts")
    .innerJoin("guest_houses", "guest_houses.id", "booking_attempts.guest_house_id")
    .select([
      "booking_attempts.id",
      "booking_attempts.guest_house_id",
      "guest_houses.name",
      "booking_attempts.attempt_date",
      "booking_attempts.check_in",
      "booking_attempts.check_out",
      "booking_attempts.guests",
      "booking_attempts.whatsapp_message_sent",
    ])
    .where("booking_attempts.user_id", "=", slot<string>("userId"))
    .orderBy("booking_attempts.attempt_date", "desc")
    .orderBy("booking_attempts.id", "desc")
    .limit(Number(limit)),
);

export class KyselyBookableGuestHouses implements BookableGuestHouseReader {
  constructor(private readonly db: Kysely<Database>) {}

  async findBookable(id: string): Promise<BookableGuestHouse | null> {
    const row = await this.db
      .selectFrom("guest_houses")
      .select([
        "guest_houses.id",
        "guest_houses.name",
        "guest_houses.host_id",
        "guest_houses.max_guests",
        "guest_houses.whatsapp_number",
        "guest_houses.seeded",
      ])
      .select((eb) => [latestHostStatus(eb).as("host_status"), hostSuspendedAt(eb).as("host_suspended_at")])
      .where("guest_houses.id", "=", id)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      hostId: row.host_id,
      maxGuests: Number(row.max_guests),
      whatsapp: whatsappDigits(row.whatsapp_number),
      hostVerificationStatus: toHostStatus(row.host_status),
      seeded: Number(row.seeded) === 1,
      hostSuspended: row.host_suspended_at !== null,
    };
  }

  async blockedDates(id: string, from: string): Promise<string[]> {
    return blockedNightsFrom(this.db, id, from);
  }
}

function toAttempt(r: Selectable<BookingAttemptsTable>): BookingAttempt {
  return {
    id: r.id,
    userId: r.user_id,
    guestHouseId: r.guest_house_id,
    attemptDate: new Date(r.attempt_date),
    checkIn: r.check_in ?? "",
    checkOut: r.check_out ?? "",
    guests: Number(r.guests ?? 0),
    message: r.message,
    language: r.language === "fr" ? "fr" : "en",
    whatsappMessageSent: Number(r.whatsapp_message_sent) === 1,
  };
}

function toDraft(r: Selectable<GuestHouseBookingDraftsTable>): BookingDraft {
  return {
    userId: r.user_id,
    guestHouseId: r.guest_house_id,
    checkIn: r.check_in,
    checkOut: r.check_out,
    guests: Number(r.guests),
    message: r.message,
    savedAt: new Date(r.saved_at),
  };
}

export class KyselyBookingAttemptRepository implements BookingAttemptRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(a: BookingAttempt): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("booking_attempts")
        .values({
          id: a.id,
          user_id: a.userId,
          guest_house_id: a.guestHouseId,
          attempt_date: a.attemptDate.toISOString(),
          whatsapp_message_sent: a.whatsappMessageSent ? 1 : 0,
          check_in: a.checkIn,
          check_out: a.checkOut,
          guests: a.guests,
          message: a.message,
          language: a.language,
        })
        .execute();
      await trx
        .deleteFrom("guest_house_booking_drafts")
        .where("user_id", "=", a.userId)
        .where("guest_house_id", "=", a.guestHouseId)
        .execute();
    });
  }

  async saveDraft(d: BookingDraft): Promise<void> {
    const values = {
      check_in: d.checkIn,
      check_out: d.checkOut,
      guests: d.guests,
      message: d.message,
      saved_at: d.savedAt.toISOString(),
    };
    await this.db
      .insertInto("guest_house_booking_drafts")
      .values({ user_id: d.userId, guest_house_id: d.guestHouseId, ...values })
      .onConflict((oc) => oc.columns(["user_id", "guest_house_id"]).doUpdateSet(values))
      .execute();
  }

  async findDraft(userId: string, guestHouseId: string, savedSince: Date): Promise<BookingDraft | null> {
    const row = await this.db
      .selectFrom("guest_house_booking_drafts")
      .selectAll()
      .where("user_id", "=", userId)
      .where("guest_house_id", "=", guestHouseId)
      .where("saved_at", ">=", savedSince.toISOString())
      .executeTakeFirst();
    return row ? toDraft(row) : null;
  }

  async findLatestDraft(userId: string, savedSince: Date): Promise<BookingDraft | null> {
    const row = await this.db
      .selectFrom("guest_house_booking_drafts")
      .selectAll()
      .where("user_id", "=", userId)
      .where("saved_at", ">=", savedSince.toISOString())
      .orderBy("saved_at", "desc")
      .orderBy("guest_house_id", "asc")
      .limit(1)
      .executeTakeFirst();
    return row ? toDraft(row) : null;
  }

  async forgetDrafts(userId: string): Promise<void> {
    await this.db.deleteFrom("guest_house_booking_drafts").where("user_id", "=", userId).execute();
  }

  async forgetDraftsSavedBefore(cutoff: Date): Promise<number> {
    const r = await this.db.deleteFrom("guest_house_booking_drafts").where("saved_at", "<", cutoff.toISOString()).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async findOwn(userId: string, attemptId: string): Promise<BookingAttempt | null> {
    const row = await this.db
      .selectFrom("booking_attempts")
      .selectAll()
      .where("id", "=", attemptId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row ? toAttempt(row) : null;
  }

  async markWhatsappSent(userId: string, attemptId: string): Promise<boolean> {
    const result = await this.db
      .updateTable("booking_attempts")
      .set({ whatsapp_message_sent: 1 })
      .where("id", "=", attemptId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async listForUser(userId: string, limit: number): Promise<BookingAttemptSummary[]> {
    const { rows } = await this.db.executeQuery(attemptsQuery(this.db, { userId }, String(limit)));
    return rows.map((r) => ({
      id: r.id,
      guestHouseId: r.guest_house_id,
      guestHouseName: r.name,
      attemptDate: new Date(r.attempt_date),
      checkIn: r.check_in,
      checkOut: r.check_out,
      guests: r.guests === null ? null : Number(r.guests),
      whatsappMessageSent: Number(r.whatsapp_message_sent) === 1,
    }));
  }
}
