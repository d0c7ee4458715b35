// The booking e-mail job (issue 9): every due notice of the outbox is rendered in its recipient's
// language from the booking as it is now, sent through the Mailer, and marked sent. A failed send
// is retried later (1, 2, 4, ... minutes) and given up after MAX_NOTICE_ATTEMPTS; one notice failing
// never stops the others. Runs in the web process on a timer and by `npm run notices:send`.
import type { Clock } from "../shared/clock";
import type { Mailer } from "../shared/mailer.port";
import { MAX_NOTICE_ATTEMPTS, NOTICE_LEASE_MS, nextNoticeAttemptAt, type BookingNotice } from "./booking-notice";
import type { BookingNoticeOutbox } from "./booking-notice-outbox.port";
import type { BookingNoticeReader, NoticePerson } from "./booking-notice-reader.port";
import type { BookingEmails } from "./booking-emails.port";
import { visitStatus } from "../booking/visit-status";
import type { BookingStatus, ViewingOutcome } from "../booking/booking.entity";

export interface SendBookingNoticesDeps {
  outbox: BookingNoticeOutbox;
  reader: BookingNoticeReader;
  emails: BookingEmails;
  mailer: Mailer;
  clock: Clock;
  /** No trailing slash, e.g. https://kamernest.cm */
  appUrl: string;
}

export interface NoticeRunSummary {
  sent: number;
  /** Failed this time, to be tried again. */
  retrying: number;
  /** Failed for good this time (attempts used up, or nothing left to write about). */
  gaveUp: number;
  /** No longer applied (a reminder of a visit since cancelled or moved). */
  skipped: number;
  failures: Array<{ noticeId: string; error: string }>;
}

/** Notices handled per run at most; the next run takes the rest. */
export const NOTICE_BATCH_SIZE = 50;

/** Where each side follows its bookings. */
export const BOOKING_PAGES = { student: "/profile", agent: "/agents/bookings" } as const;

class PermanentNoticeError extends Error {}

export async function sendDueBookingNotices(deps: SendBookingNoticesDeps, limit = NOTICE_BATCH_SIZE): Promise<NoticeRunSummary> {
  const summary: NoticeRunSummary = { sent: 0, retrying: 0, gaveUp: 0, skipped: 0, failures: [] };
  const due = await deps.outbox.listDue(deps.clock.now(), limit);
  for (const notice of due) {
    const now = deps.clock.now();
    // Another run (the script beside the server, a second web process) may have taken it.
    if (!(await deps.outbox.claim(notice.id, now, new Date(now.getTime() + NOTICE_LEASE_MS)))) continue;
    try {
      const outcome = await sendOne(deps, notice);
      if (outcome === "sent") {
        await deps.outbox.markSent(notice.id, deps.clock.now());
        summary.sent += 1;
      } else {
        await deps.outbox.markSkipped(notice.id, outcome.skipped);
        summary.skipped += 1;
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failedAttempts = notice.attempts + 1;
      const giveUp = error instanceof PermanentNoticeError || failedAttempts >= MAX_NOTICE_ATTEMPTS;
      await deps.outbox.markAttemptFailed(notice.id, message, giveUp ? null : nextNoticeAttemptAt(failedAttempts, deps.clock.now()));
      if (giveUp) summary.gaveUp += 1;
      else summary.retrying += 1;
      summary.failures.push({ noticeId: notice.id, error: message });
    }
  }
  return summary;
}

async function sendOne(deps: SendBookingNoticesDeps, notice: BookingNotice): Promise<"sent" | { skipped: string }> {
  const context = await deps.reader.findContext(notice.bookingId);
  if (!context) throw new PermanentNoticeError(`booking ${notice.bookingId} not found`);
  if (notice.kind === "visit_reminder") {
    const stale = staleReminder(notice, context.booking);
    if (stale) return { skipped: stale };
  }
  let receipt = null;
  if (notice.kind === "payment_receipt") {
    const paymentId = typeof notice.data.paymentId === "string" ? notice.data.paymentId : null;
    receipt = paymentId ? await deps.reader.findReceipt(paymentId) : null;
    if (!receipt) throw new PermanentNoticeError(`payment ${String(notice.data.paymentId)} not found`);
  }
  const to: NoticePerson = notice.recipient === "agent" ? context.agent : context.student;
  const text = deps.emails.render({
    kind: notice.kind,
    language: to.language,
    recipient: notice.recipient,
    context,
    visitStatus: visitStatus(
      {
        bookingStatus: context.booking.status as BookingStatus,
        paymentStatus: context.booking.paymentStatus,
        agentResponse: context.booking.agentResponse,
        viewingOutcome: context.booking.viewingOutcome as ViewingOutcome | null,
        visitDate: context.booking.visitDate,
        holdExpiresAt: null,
        cancelledBy: context.booking.cancelledBy,
      },
      deps.clock.now(),
    ),
    data: notice.data,
    receipt,
    link: `${deps.appUrl}${BOOKING_PAGES[notice.recipient]}`,
  });
  await deps.mailer.send({ to: to.email, ...text });
  return "sent";
}

/** Why a reminder no longer applies when its turn comes, or null when it does. */
function staleReminder(
  notice: BookingNotice,
  booking: { status: string; visitDate: string; viewingOutcome: string | null },
): string | null {
  if (booking.status !== "confirmed") return `booking is ${booking.status}`;
  if (booking.viewingOutcome !== null) return "visit outcome already recorded";
  if (typeof notice.data.visitDate === "string" && notice.data.visitDate !== booking.visitDate) return "visit moved to another day";
  return null;
}
