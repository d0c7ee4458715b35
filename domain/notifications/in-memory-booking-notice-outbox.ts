import type { BookingNotice, NewBookingNotice } from "./booking-notice";
import type { BookingNoticeOutbox } from "./booking-notice-outbox.port";

const copy = (n: BookingNotice): BookingNotice => ({ ...n, data: { ...n.data } });

export class InMemoryBookingNoticeOutbox implements BookingNoticeOutbox {
  private rows: BookingNotice[] = [];
  private n = 0;

  async enqueue(notice: NewBookingNotice, at: Date): Promise<boolean> {
    if (notice.dedupeKey && this.rows.some((r) => r.dedupeKey === notice.dedupeKey)) return false;
    this.n += 1;
    this.rows.push({
      id: `notice-${String(this.n).padStart(6, "0")}`,
      kind: notice.kind,
      bookingId: notice.bookingId,
      recipient: notice.recipient,
      data: { ...(notice.data ?? {}) },
      dedupeKey: notice.dedupeKey ?? null,
      status: "pending",
      attempts: 0,
      nextAttemptAt: new Date(at),
      lastError: null,
      createdAt: new Date(at),
      sentAt: null,
    });
    return true;
  }

  async listDue(at: Date, limit: number): Promise<BookingNotice[]> {
    return this.rows
      .filter((r) => r.status === "pending" && r.nextAttemptAt.getTime() <= at.getTime())
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit)
      .map(copy);
  }

  async claim(id: string, at: Date, leaseUntil: Date): Promise<boolean> {
    const row = this.rows.find((r) => r.id === id);
    if (!row || row.status !== "pending" || row.nextAttemptAt.getTime() > at.getTime()) return false;
    row.nextAttemptAt = new Date(leaseUntil);
    return true;
  }

  async markSkipped(id: string, reason: string): Promise<void> {
    const row = this.rows.find((r) => r.id === id);
    if (row && row.status === "pending") Object.assign(row, { status: "skipped", lastError: reason });
  }

  async markSent(id: string, at: Date): Promise<void> {
    const row = this.rows.find((r) => r.id === id);
    if (row && row.status === "pending") Object.assign(row, { status: "sent", sentAt: new Date(at), attempts: row.attempts + 1 });
  }

  async markAttemptFailed(id: string, error: string, nextAttemptAt: Date | null): Promise<void> {
    const row = this.rows.find((r) => r.id === id);
    if (!row || row.status !== "pending") return;
    row.attempts += 1;
    row.lastError = error;
    if (nextAttemptAt) row.nextAttemptAt = new Date(nextAttemptAt);
    else row.status = "failed";
  }

  /** Every notice, oldest first (tests). */
  all(): BookingNotice[] {
    return this.rows.map(copy);
  }

  snapshot(): BookingNotice[] {
    return this.rows.map(copy);
  }

  restore(rows: BookingNotice[]): void {
    this.rows = rows.map(copy);
  }
}
