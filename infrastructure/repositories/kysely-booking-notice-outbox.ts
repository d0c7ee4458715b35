import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type {
  BookingNotice,
  BookingNoticeKind,
  BookingNoticeStatus,
  NewBookingNotice,
  NoticeRecipient,
} from "#domain/notifications/booking-notice";
import type { BookingNoticeOutbox } from "#domain/notifications/booking-notice-outbox.port";
import type { BookingNoticesTable, Database } from "../db/schema";

const iso = (d: Date) => d.toISOString();

const toNotice = (r: Selectable<BookingNoticesTable>): BookingNotice => ({
  id: r.id,
  kind: r.kind as BookingNoticeKind,
  bookingId: r.booking_id,
  recipient: r.recipient as NoticeRecipient,
  data: JSON.parse(r.data) as BookingNotice["data"],
  dedupeKey: r.dedupe_key,
  status: r.status as BookingNoticeStatus,
  attempts: Number(r.attempts),
  nextAttemptAt: new Date(r.next_attempt_at),
  lastError: r.last_error,
  createdAt: new Date(r.created_at),
  sentAt: r.sent_at ? new Date(r.sent_at) : null,
});

/** Bound to a connection or to the transaction of the change it reports. */
export class KyselyBookingNoticeOutbox implements BookingNoticeOutbox {
  constructor(private readonly db: Kysely<Database>) {}

  async enqueue(notice: NewBookingNotice, at: Date): Promise<boolean> {
    // ON CONFLICT DO NOTHING: a used dedupe key leaves the first notice alone, on both dialects.
    const row = await this.db
      .insertInto("booking_notices")
      .values({
        id: randomUUID(),
        kind: notice.kind,
        booking_id: notice.bookingId,
        recipient: notice.recipient,
        data: JSON.stringify(notice.data ?? {}),
        dedupe_key: notice.dedupeKey ?? null,
        status: "pending",
        attempts: 0,
        next_attempt_at: iso(at),
        created_at: iso(at),
      })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    return row !== undefined;
  }

  async listDue(at: Date, limit: number): Promise<BookingNotice[]> {
    const rows = await this.db
      .selectFrom("booking_notices")
      .selectAll()
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", iso(at))
      .orderBy("created_at")
      .orderBy("id")
      .limit(limit)
      .execute();
    return rows.map(toNotice);
  }

  async claim(id: string, at: Date, leaseUntil: Date): Promise<boolean> {
    // A conditional update: of two runs racing for one notice, exactly one changes the row.
    const result = await this.db
      .updateTable("booking_notices")
      .set({ next_attempt_at: iso(leaseUntil) })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", iso(at))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async markSkipped(id: string, reason: string): Promise<void> {
    await this.db
      .updateTable("booking_notices")
      .set({ status: "skipped", last_error: reason.slice(0, 500) })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .execute();
  }

  async markSent(id: string, at: Date): Promise<void> {
    await this.db
      .updateTable("booking_notices")
      .set((eb) => ({ status: "sent", sent_at: iso(at), attempts: eb("attempts", "+", 1) }))
      .where("id", "=", id)
      .where("status", "=", "pending")
      .execute();
  }

  async markAttemptFailed(id: string, error: string, nextAttemptAt: Date | null): Promise<void> {
    await this.db
      .updateTable("booking_notices")
      .set((eb) => ({
        attempts: eb("attempts", "+", 1),
        last_error: error.slice(0, 500),
        ...(nextAttemptAt ? { next_attempt_at: iso(nextAttemptAt) } : { status: "failed" }),
      }))
      .where("id", "=", id)
      .where("status", "=", "pending")
      .execute();
  }
}
