// Reminders the day before a visit (issue 9): every confirmed booking whose visit is tomorrow in
// Buea, with no outcome yet, gets one visit_reminder to the student and one to the agent. The
// dedupe key holds the visit date, so a run repeated every minute writes each reminder once, and a
// visit moved to another day is reminded of again the day before its new date.
import { addDays, doualaDate } from "../booking/visit-date";
import type { Clock } from "../shared/clock";
import type { NoticeRecipient } from "./booking-notice";
import type { BookingNoticeOutbox } from "./booking-notice-outbox.port";
import type { VisitReminderFinder } from "./visit-reminder-finder.port";

export interface EnqueueVisitRemindersDeps {
  finder: VisitReminderFinder;
  outbox: BookingNoticeOutbox;
  clock: Clock;
}

/** Bookings looked at per run at most; the next run takes the rest. */
export const REMINDER_BATCH_SIZE = 200;

/** `reminder:<bookingId>:<visitDate>:<recipient>`; infrastructure's finder relies on this shape. */
export function reminderDedupeKey(bookingId: string, visitDate: string, recipient: NoticeRecipient): string {
  return `reminder:${bookingId}:${visitDate}:${recipient}`;
}

/** Answers how many reminders were written. */
export async function enqueueVisitReminders(deps: EnqueueVisitRemindersDeps, limit = REMINDER_BATCH_SIZE): Promise<number> {
  const now = deps.clock.now();
  const tomorrow = addDays(doualaDate(now), 1);
  const visits = await deps.finder.findVisitsToRemind(tomorrow, limit);
  let written = 0;
  for (const visit of visits) {
    for (const recipient of ["student", "agent"] as const) {
      const added = await deps.outbox.enqueue(
        {
          kind: "visit_reminder",
          bookingId: visit.bookingId,
          recipient,
          data: { visitDate: visit.visitDate },
          dedupeKey: reminderDedupeKey(visit.bookingId, visit.visitDate, recipient),
        },
        now,
      );
      if (added) written += 1;
    }
  }
  return written;
}
