// One status for a visit booking (docs/decisions/0200): the booking, its payment, the agent's
// answer and the recorded outcome read together.
import { describe, expect, it } from "vitest";
import { visitStatus, VISIT_STATUS_TONE, type VisitStatusFacts } from "#domain/booking/visit-status";

const NOW = new Date("2026-12-01T09:00:00Z"); // 10:00 in Buea, 1 December
const paid: VisitStatusFacts = {
  bookingStatus: "confirmed",
  paymentStatus: "confirmed",
  agentResponse: "awaiting",
  viewingOutcome: null,
  visitDate: "2026-12-02",
  holdExpiresAt: null,
  cancelledBy: null,
};

describe("visitStatus", () => {
  it("a paid visit the agent has not answered is waiting for the agent, not confirmed", () => {
    expect(visitStatus(paid, NOW)).toBe("awaiting_agent");
    expect(VISIT_STATUS_TONE.awaiting_agent).toBe("waiting");
  });

  it("is confirmed only once the agent accepted the time", () => {
    expect(visitStatus({ ...paid, agentResponse: "accepted" }, NOW)).toBe("confirmed");
    expect(visitStatus({ ...paid, agentResponse: "proposed" }, NOW)).toBe("time_proposed");
  });

  it("a visit marked done never says waiting, whatever the agent had answered", () => {
    expect(visitStatus({ ...paid, viewingOutcome: "confirmed" }, NOW)).toBe("visited");
    expect(visitStatus({ ...paid, agentResponse: "accepted", viewingOutcome: "no_show", visitDate: "2026-11-20" }, NOW)).toBe(
      "not_visited",
    );
  });

  it("a visit whose day has passed without an outcome asks for one", () => {
    expect(visitStatus({ ...paid, visitDate: "2026-11-30" }, NOW)).toBe("outcome_due");
    // The visit day itself is still ahead of the outcome.
    expect(visitStatus({ ...paid, visitDate: "2026-12-01" }, NOW)).toBe("awaiting_agent");
  });

  it("an unpaid booking awaits its payment while its hold runs, then has expired", () => {
    const pending: VisitStatusFacts = {
      ...paid,
      bookingStatus: "pending",
      paymentStatus: "pending",
      holdExpiresAt: new Date(NOW.getTime() + 1),
    };
    expect(visitStatus(pending, NOW)).toBe("awaiting_payment");
    expect(visitStatus({ ...pending, holdExpiresAt: NOW }, NOW)).toBe("payment_expired");
    expect(visitStatus({ ...pending, bookingStatus: "expired" }, NOW)).toBe("payment_expired");
  });

  it("tells a visit the agent declined from one cancelled by the student or KamerNest", () => {
    expect(visitStatus({ ...paid, bookingStatus: "cancelled", cancelledBy: "agent", agentResponse: "declined" }, NOW)).toBe("declined");
    expect(visitStatus({ ...paid, bookingStatus: "cancelled", cancelledBy: "student" }, NOW)).toBe("cancelled");
    expect(visitStatus({ ...paid, bookingStatus: "cancelled", cancelledBy: "admin" }, NOW)).toBe("cancelled");
    expect(visitStatus({ ...paid, bookingStatus: "rebook_required" }, NOW)).toBe("rebook_required");
  });
});
