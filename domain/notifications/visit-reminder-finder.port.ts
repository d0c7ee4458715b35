/** A confirmed visit that is due a reminder. */
export interface VisitToRemind {
  bookingId: string;
  visitDate: string;
}

/** Finds the visits to remind people of, shaped by the reminder job's need. */
export interface VisitReminderFinder {
  /**
   * Confirmed bookings whose visit is on `visitDate` (Buea), with no outcome recorded and no
   * reminder written yet for that date, at most `limit`, oldest booking first.
   */
  findVisitsToRemind(visitDate: string, limit: number): Promise<VisitToRemind[]>;
}
