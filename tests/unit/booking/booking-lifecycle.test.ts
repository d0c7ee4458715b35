// The visit lifecycle (issue 9, docs/decisions/0117) on the in-memory money store: every rule
// boundary, who may act, what is freed, and which notice is queued for whom.
import { describe, expect, it } from "vitest";
import {
  acceptVisitTime,
  answerProposal,
  cancelVisit,
  declineVisit,
  proposeVisitTime,
  rescheduleVisit,
  ADMIN_BOOKING_CANCEL_ACTION,
  cancelVisitAsAdmin,
  type AdminCancelVisitDeps,
  type BookingLifecycleDeps,
} from "#domain/booking/booking-lifecycle.use-cases";
import { InMemoryAuditLog } from "#domain/accounts/in-memory-account-repositories";
import { SequentialIds } from "#domain/shared/ids";
import { bookVisit } from "#domain/booking/book-visit.use-case";
import { DAY_MS } from "#domain/shared/clock";
import { moneyWorld, TOMORROW } from "../payment/money-world";

async function world() {
  const w = moneyWorld();
  const now = w.clock.now();
  for (const userId of ["student-1", "student-2"]) {
    await w.store.subscriptions.insertSubscription({
      id: `sub-${userId}`,
      userId,
      paymentId: null,
      startsAt: now,
      endsAt: new Date(now.getTime() + 14 * DAY_MS),
      createdAt: now,
    });
  }
  w.store.properties.add({ id: "prop-2", agentId: "agent-2", title: "Studio in Bonduma" });
  const deps: BookingLifecycleDeps = { uow: w.store, bookings: w.store.bookings, properties: w.store.properties, clock: w.clock };
  // A confirmed, subscription-covered visit on Wednesday 2 December at 10:00 AM.
  const booking = await w.book();
  // Booking itself queues the confirmations (booking_confirmed to both sides): the lifecycle's
  // notices are the ones queued after it.
  const booked = w.store.notices.all().length;
  const lifecycleNotices = () => w.store.notices.all().slice(booked);
  const snapshot = () => ({ bookings: w.store.bookings.all(), notices: w.store.notices.all() });
  return { ...w, bookingDeps: w.booking, deps, booking, snapshot, lifecycleNotices };
}

const NEXT_DAY = "2026-12-03";

describe("the agent's answer", () => {
  it("accepts the time and tells the student, once", async () => {
    const w = await world();
    const r = await acceptVisitTime(w.deps, { agentId: "agent-1", bookingId: w.booking.id });
    expect(r.ok && r.value.booking).toMatchObject({ agentResponse: "accepted", bookingStatus: "confirmed", proposedSlot: null });
    expect(w.lifecycleNotices()).toMatchObject([{ kind: "visit_accepted", bookingId: w.booking.id, recipient: "student" }]);
    expect(await acceptVisitTime(w.deps, { agentId: "agent-1", bookingId: w.booking.id })).toEqual({
      ok: false,
      error: { code: "booking.already_accepted" },
    });
    expect(w.lifecycleNotices()).toHaveLength(1);
  });

  it("reports another agent's booking, a missing one and an unpaid one as not found, changing nothing", async () => {
    const w = await world();
    const unpaid = await bookVisit(w.bookingDeps, w.visit({ studentId: "student-3", visitTime: "11:00 AM" }));
    expect(unpaid.ok && unpaid.value.needsPayment).toBe(true);
    const before = w.snapshot();
    const notFound = { ok: false, error: { code: "booking.not_found" } };
    expect(await acceptVisitTime(w.deps, { agentId: "agent-2", bookingId: w.booking.id })).toEqual(notFound);
    expect(
      await proposeVisitTime(w.deps, { agentId: "agent-2", bookingId: w.booking.id, visitDate: NEXT_DAY, visitTime: "10:00 AM" }),
    ).toEqual(notFound);
    expect(await declineVisit(w.deps, { agentId: "agent-2", bookingId: w.booking.id, reason: "The room is let" })).toEqual(notFound);
    expect(await acceptVisitTime(w.deps, { agentId: "agent-1", bookingId: "nope" })).toEqual(notFound);
    expect(await acceptVisitTime(w.deps, { agentId: "agent-1", bookingId: unpaid.ok ? unpaid.value.booking.id : "" })).toEqual(notFound);
    expect(w.snapshot()).toEqual(before);
  });

  it("proposes a free slot within visiting hours without holding it", async () => {
    const w = await world();
    const r = await proposeVisitTime(w.deps, { agentId: "agent-1", bookingId: w.booking.id, visitDate: NEXT_DAY, visitTime: "2:00 PM" });
    expect(r.ok && r.value.booking).toMatchObject({
      agentResponse: "proposed",
      proposedSlot: { visitDate: NEXT_DAY, visitTime: "2:00 PM" },
      visitDate: TOMORROW,
      visitTime: "10:00 AM",
    });
    expect(w.lifecycleNotices()).toMatchObject([
      { kind: "visit_time_proposed", recipient: "student", data: { proposedDate: NEXT_DAY, proposedTime: "2:00 PM" } },
    ]);
    // The proposal holds nothing: another student can still book that slot.
    expect((await bookVisit(w.bookingDeps, w.visit({ studentId: "student-2", visitDate: NEXT_DAY, visitTime: "2:00 PM" }))).ok).toBe(true);
  });

  it.each([
    ["a taken slot", { visitDate: TOMORROW, visitTime: "10:00 AM" }, "booking.same_slot"],
    ["today", { visitDate: "2026-12-01", visitTime: "2:00 PM" }, "booking.date_out_of_range"],
    ["a past day", { visitDate: "2026-11-30", visitTime: "2:00 PM" }, "booking.date_out_of_range"],
    ["outside visiting hours", { visitDate: NEXT_DAY, visitTime: "6:00 PM" }, "booking.invalid_slot"],
    ["a Sunday", { visitDate: "2026-12-06", visitTime: "10:00 AM" }, "booking.invalid_slot"],
    ["not a date", { visitDate: "2026-13-01", visitTime: "10:00 AM" }, "booking.invalid_date"],
  ])("refuses to propose %s", async (_name, slot, code) => {
    const w = await world();
    const before = w.snapshot();
    const r = await proposeVisitTime(w.deps, { agentId: "agent-1", bookingId: w.booking.id, ...slot });
    expect(r.ok ? null : r.error.code).toBe(code);
    expect(w.snapshot()).toEqual(before);
  });

  it("refuses to propose a slot another booking holds", async () => {
    const w = await world();
    await w.book({ studentId: "student-2", visitDate: NEXT_DAY, visitTime: "2:00 PM" });
    const r = await proposeVisitTime(w.deps, { agentId: "agent-1", bookingId: w.booking.id, visitDate: NEXT_DAY, visitTime: "2:00 PM" });
    expect(r.ok ? null : r.error.code).toBe("booking.slot_taken");
  });

  it("declines with a reason: cancelled by the agent, slot freed, subscription kept", async () => {
    const w = await world();
    expect(await declineVisit(w.deps, { agentId: "agent-1", bookingId: w.booking.id, reason: " " })).toEqual({
      ok: false,
      error: { code: "booking.invalid_reason", params: { min: 3, max: 500 } },
    });
    expect(await declineVisit(w.deps, { agentId: "agent-1", bookingId: w.booking.id, reason: "x".repeat(501) })).toMatchObject({
      ok: false,
    });
    const r = await declineVisit(w.deps, { agentId: "agent-1", bookingId: w.booking.id, reason: "  The room was let yesterday  " });
    expect(r.ok && r.value.booking).toMatchObject({
      bookingStatus: "cancelled",
      agentResponse: "declined",
      cancellation: { by: "agent", reason: "The room was let yesterday" },
    });
    expect(w.lifecycleNotices()).toMatchObject([
      { kind: "visit_declined", recipient: "student", data: { reason: "The room was let yesterday" } },
    ]);
    expect(await w.store.subscriptions.findActiveSubscription("student-1", w.clock.now())).not.toBeNull();
    expect((await w.book({ studentId: "student-2" })).visitTime).toBe("10:00 AM");
    // A declined (cancelled) booking takes no further answer.
    expect(await acceptVisitTime(w.deps, { agentId: "agent-1", bookingId: w.booking.id })).toEqual({
      ok: false,
      error: { code: "booking.not_changeable" },
    });
  });

  it("no longer answers a visit whose day has passed or whose outcome is recorded", async () => {
    const w = await world();
    await w.store.bookings.recordViewingOutcome(w.booking.id, "confirmed", w.clock.now());
    expect(await acceptVisitTime(w.deps, { agentId: "agent-1", bookingId: w.booking.id })).toEqual({
      ok: false,
      error: { code: "booking.not_changeable" },
    });
    const other = await w.book({ studentId: "student-2", visitTime: "11:00 AM" });
    w.clock.advance(2 * DAY_MS);
    expect(await acceptVisitTime(w.deps, { agentId: "agent-1", bookingId: other.id })).toEqual({
      ok: false,
      error: { code: "booking.not_changeable" },
    });
  });
});

describe("the student's answer to a proposal", () => {
  async function proposed() {
    const w = await world();
    const r = await proposeVisitTime(w.deps, { agentId: "agent-1", bookingId: w.booking.id, visitDate: NEXT_DAY, visitTime: "2:00 PM" });
    if (!r.ok) throw new Error(r.error.code);
    return w;
  }

  it("accepting moves the visit to the proposed slot and frees the old one", async () => {
    const w = await proposed();
    const r = await answerProposal(w.deps, { studentId: "student-1", bookingId: w.booking.id, accept: true });
    expect(r.ok && r.value.booking).toMatchObject({
      visitDate: NEXT_DAY,
      visitTime: "2:00 PM",
      agentResponse: "accepted",
      proposedSlot: null,
      bookingStatus: "confirmed",
    });
    expect(w.store.notices.all().at(-1)).toMatchObject({ kind: "proposal_answered", recipient: "agent", data: { accepted: true } });
    expect((await w.book({ studentId: "student-2" })).visitDate).toBe(TOMORROW);
  });

  it("accepting a slot someone took meanwhile is refused with the booking unchanged", async () => {
    const w = await proposed();
    await w.book({ studentId: "student-2", visitDate: NEXT_DAY, visitTime: "2:00 PM" });
    const before = w.snapshot();
    const r = await answerProposal(w.deps, { studentId: "student-1", bookingId: w.booking.id, accept: true });
    expect(r).toEqual({ ok: false, error: { code: "booking.proposal_slot_taken" } });
    expect(w.snapshot()).toEqual(before);
  });

  it("accepting a proposed day that is no longer bookable is refused", async () => {
    const w = await world();
    const later = await w.book({ studentId: "student-2", visitDate: "2026-12-05" });
    await proposeVisitTime(w.deps, { agentId: "agent-1", bookingId: later.id, visitDate: "2026-12-02", visitTime: "3:00 PM" });
    w.clock.advance(DAY_MS);
    expect(await answerProposal(w.deps, { studentId: "student-2", bookingId: later.id, accept: true })).toEqual({
      ok: false,
      error: { code: "booking.proposal_expired" },
    });
  });

  it("declining keeps the booked time, awaiting the agent again", async () => {
    const w = await proposed();
    const r = await answerProposal(w.deps, { studentId: "student-1", bookingId: w.booking.id, accept: false });
    expect(r.ok && r.value.booking).toMatchObject({
      visitDate: TOMORROW,
      visitTime: "10:00 AM",
      agentResponse: "awaiting",
      proposedSlot: null,
    });
    expect(w.store.notices.all().at(-1)).toMatchObject({ kind: "proposal_answered", recipient: "agent", data: { accepted: false } });
    expect(await answerProposal(w.deps, { studentId: "student-1", bookingId: w.booking.id, accept: true })).toEqual({
      ok: false,
      error: { code: "booking.no_proposal" },
    });
  });

  it("another student's booking is not found, and nothing changes", async () => {
    const w = await proposed();
    const before = w.snapshot();
    expect(await answerProposal(w.deps, { studentId: "student-2", bookingId: w.booking.id, accept: true })).toEqual({
      ok: false,
      error: { code: "booking.not_found" },
    });
    expect(w.snapshot()).toEqual(before);
  });
});

describe("cancelling and rescheduling", () => {
  it("the student cancels an upcoming visit: slot freed at once, agent told, subscription kept", async () => {
    const w = await world();
    const r = await cancelVisit(w.deps, { actor: { role: "student", id: "student-1" }, bookingId: w.booking.id });
    expect(r.ok && r.value.booking).toMatchObject({ bookingStatus: "cancelled", cancellation: { by: "student", reason: "" } });
    expect(w.lifecycleNotices()).toMatchObject([{ kind: "booking_cancelled", recipient: "agent", data: { by: "student", reason: "" } }]);
    expect(await w.store.subscriptions.findActiveSubscription("student-1", w.clock.now())).not.toBeNull();
    expect((await w.book({ studentId: "student-2" })).visitTime).toBe("10:00 AM");
    expect(await cancelVisit(w.deps, { actor: { role: "student", id: "student-1" }, bookingId: w.booking.id })).toEqual({
      ok: false,
      error: { code: "booking.not_changeable" },
    });
  });

  it("cancelling a visit with a time proposed drops the proposal: never 'proposed' without a slot", async () => {
    const w = await world();
    await proposeVisitTime(w.deps, { agentId: "agent-1", bookingId: w.booking.id, visitDate: NEXT_DAY, visitTime: "2:00 PM" });
    const r = await cancelVisit(w.deps, { actor: { role: "student", id: "student-1" }, bookingId: w.booking.id });
    expect(r.ok && r.value.booking).toMatchObject({ bookingStatus: "cancelled", agentResponse: "awaiting", proposedSlot: null });
  });

  it("a visit today can still be cancelled; yesterday's cannot", async () => {
    const w = await world();
    w.clock.advance(DAY_MS);
    expect((await cancelVisit(w.deps, { actor: { role: "student", id: "student-1" }, bookingId: w.booking.id })).ok).toBe(true);
    const w2 = await world();
    w2.clock.advance(2 * DAY_MS);
    expect(await cancelVisit(w2.deps, { actor: { role: "student", id: "student-1" }, bookingId: w2.booking.id })).toEqual({
      ok: false,
      error: { code: "booking.not_changeable" },
    });
  });

  it("another student cannot cancel it; an unpaid booking is not cancelled (its hold lapses)", async () => {
    const w = await world();
    const before = w.snapshot();
    expect(await cancelVisit(w.deps, { actor: { role: "student", id: "student-2" }, bookingId: w.booking.id })).toEqual({
      ok: false,
      error: { code: "booking.not_found" },
    });
    expect(w.snapshot()).toEqual(before);
    const unpaid = await w.book({ studentId: "student-3", visitTime: "11:00 AM" });
    expect(unpaid.paymentStatus).toBe("pending");
    expect(await cancelVisit(w.deps, { actor: { role: "student", id: "student-3" }, bookingId: unpaid.id })).toEqual({
      ok: false,
      error: { code: "booking.not_changeable" },
    });
  });

  it("an admin cancels with a reason, both sides are told, and the audit row is written with the change", async () => {
    const w = await world();
    const audit = new InMemoryAuditLog();
    const deps: AdminCancelVisitDeps = {
      ...w.deps,
      // The audit log joins the money store's unit of work (restored with it when the work throws).
      uow: {
        run: (work) =>
          w.store.run(async (repos) => {
            const saved = audit.snapshot();
            try {
              return await work({ ...repos, audit });
            } catch (error) {
              audit.restore(saved);
              throw error;
            }
          }),
      },
      ids: new SequentialIds("audit"),
    };
    const before = w.snapshot();
    for (const reason of ["", "  ", "no", "x".repeat(501), "bad\u0000reason"]) {
      expect(await cancelVisitAsAdmin(deps, { adminId: "admin-1", bookingId: w.booking.id, reason })).toMatchObject({
        ok: false,
        error: { code: "booking.invalid_reason" },
      });
    }
    expect(await cancelVisitAsAdmin(deps, { adminId: "admin-1", bookingId: "nope", reason: "Listing removed for fraud" })).toEqual({
      ok: false,
      error: { code: "booking.not_found" },
    });
    expect(w.snapshot()).toEqual(before);
    expect(await audit.count({})).toBe(0);

    const r = await cancelVisitAsAdmin(deps, { adminId: "admin-1", bookingId: w.booking.id, reason: "  Listing removed for fraud " });
    expect(r.ok && r.value.booking.cancellation).toMatchObject({ by: "admin", reason: "Listing removed for fraud" });
    expect(w.lifecycleNotices().map((n) => [n.kind, n.recipient, n.data])).toEqual([
      ["booking_cancelled", "student", { by: "admin", reason: "Listing removed for fraud" }],
      ["booking_cancelled", "agent", { by: "admin", reason: "Listing removed for fraud" }],
    ]);
    const [row] = await audit.list({ limit: 10 });
    expect(row).toMatchObject({ actorId: "admin-1", action: ADMIN_BOOKING_CANCEL_ACTION, at: w.clock.now() });
    expect(row.data).toEqual({
      target: `booking:${w.booking.id}`,
      before: JSON.stringify({ bookingStatus: "confirmed", agentResponse: "awaiting", visit: `${TOMORROW} 10:00 AM`, cancelledBy: null }),
      after: JSON.stringify({ bookingStatus: "cancelled", agentResponse: "awaiting", visit: `${TOMORROW} 10:00 AM`, cancelledBy: "admin" }),
      reason: "Listing removed for fraud",
    });
    // Cancelled already: a conflict, no second row, no second e-mail.
    expect(await cancelVisitAsAdmin(deps, { adminId: "admin-1", bookingId: w.booking.id, reason: "Again" })).toEqual({
      ok: false,
      error: { code: "booking.not_changeable" },
    });
    expect(await audit.count({})).toBe(1);
    expect(w.lifecycleNotices()).toHaveLength(2);
  });

  it("the student moves the visit to a free slot in one step: the old slot is freed, the agent told", async () => {
    const w = await world();
    await acceptVisitTime(w.deps, { agentId: "agent-1", bookingId: w.booking.id });
    const r = await rescheduleVisit(w.deps, { studentId: "student-1", bookingId: w.booking.id, visitDate: NEXT_DAY, visitTime: "9:00 AM" });
    expect(r.ok && r.value.booking).toMatchObject({
      visitDate: NEXT_DAY,
      visitTime: "9:00 AM",
      agentResponse: "awaiting",
      bookingStatus: "confirmed",
    });
    expect(w.store.notices.all().at(-1)).toMatchObject({
      kind: "visit_rescheduled",
      recipient: "agent",
      data: { fromDate: TOMORROW, fromTime: "10:00 AM" },
    });
    expect((await w.book({ studentId: "student-2" })).visitTime).toBe("10:00 AM");
  });

  it("refuses a taken, invalid or identical slot, changing nothing", async () => {
    const w = await world();
    await w.book({ studentId: "student-2", visitDate: NEXT_DAY, visitTime: "9:00 AM" });
    const before = w.snapshot();
    const move = (visitDate: string, visitTime: string) =>
      rescheduleVisit(w.deps, { studentId: "student-1", bookingId: w.booking.id, visitDate, visitTime });
    expect(await move(NEXT_DAY, "9:00 AM")).toEqual({ ok: false, error: { code: "booking.slot_taken" } });
    expect(await move(TOMORROW, "10:00 AM")).toEqual({ ok: false, error: { code: "booking.same_slot" } });
    expect(await move(NEXT_DAY, "9:30 AM")).toEqual({ ok: false, error: { code: "booking.invalid_slot" } });
    expect((await move("2027-03-01", "9:00 AM")).ok).toBe(false);
    expect(
      await rescheduleVisit(w.deps, { studentId: "student-2", bookingId: w.booking.id, visitDate: NEXT_DAY, visitTime: "11:00 AM" }),
    ).toEqual({ ok: false, error: { code: "booking.not_found" } });
    expect(w.snapshot()).toEqual(before);
  });

  it("refuses to move a visit to a property that was let meanwhile", async () => {
    const w = await world();
    w.store.properties.add({ id: "prop-1", agentId: "agent-1", status: "rented_out" });
    const r = await rescheduleVisit(w.deps, {
      studentId: "student-1",
      bookingId: w.booking.id,
      visitDate: NEXT_DAY,
      visitTime: "11:00 AM",
    });
    expect(r).toEqual({ ok: false, error: { code: "booking.property_rented_out" } });
  });
});
