// BookingRepository.applyLifecycleChange (docs/decisions/0117) on the in-memory store, SQLite and
// PostgreSQL: a compare-and-set on the booking as read, and a move to another slot decided by the
// partial unique index on live slots, inside a unit of work that stays usable afterwards.
import { afterEach, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../support/test-database";
import { nextUpdatedAt } from "#domain/booking/booking.entity";
import { aBooking, at, createMoneyFixture, moneyKinds, type MoneyFixture } from "./money-fixtures";

const confirmed = { bookingStatus: "confirmed" as const, paymentStatus: "confirmed" as const, holdExpiresAt: null };

describeEachDatabase(moneyKinds())("BookingRepository lifecycle changes on %s", (kind) => {
  let f: MoneyFixture;
  beforeEach(async () => {
    f = await createMoneyFixture(kind);
    await f.addProperty({ id: "prop-1", agentId: "agent-1" });
    for (const id of ["student-1", "student-2"]) await f.addUser(id);
  });
  afterEach(() => f.destroy());

  it("stores and reads back the agent's answer, a proposal and a cancellation, field for field", async () => {
    const b = aBooking({
      id: "b1",
      ...confirmed,
      agentResponse: "declined",
      proposedSlot: { visitDate: "2026-12-03", visitTime: "2:00 PM" },
      bookingStatus: "cancelled",
      cancellation: { at: at(5), by: "agent", reason: "Let to someone else" },
    });
    await f.repos.bookings.insertBooking(b);
    expect(await f.repos.bookings.findById("b1")).toEqual(b);
  });

  it("applies a change to the booking as read, and refuses it once the booking has changed", async () => {
    await f.repos.bookings.insertBooking(aBooking({ id: "b1", ...confirmed }));
    const read = (await f.repos.bookings.findById("b1"))!;
    const proposal = { agentResponse: "proposed" as const, proposedSlot: { visitDate: "2026-12-03", visitTime: "2:00 PM" } };
    // The clock has not moved: updated_at still moves on by one millisecond.
    expect(await f.repos.bookings.applyLifecycleChange(read, proposal, at(0))).toBe("applied");
    const after = (await f.repos.bookings.findById("b1"))!;
    expect(after).toMatchObject({ ...proposal, visitDate: "2026-12-02", visitTime: "10:00 AM", updatedAt: nextUpdatedAt(read, at(0)) });
    expect(after.updatedAt.getTime()).toBe(at(0).getTime() + 1);
    // A second answer computed from the first read is stale, and changes nothing.
    expect(await f.repos.bookings.applyLifecycleChange(read, { agentResponse: "accepted", proposedSlot: null }, at(1))).toBe("stale");
    expect(await f.repos.bookings.findById("b1")).toEqual(after);
    expect(await f.repos.bookings.applyLifecycleChange(aBooking({ id: "nope" }), { agentResponse: "accepted" }, at(1))).toBe("stale");
  });

  it("cancels, freeing the slot for another live booking", async () => {
    await f.repos.bookings.insertBooking(aBooking({ id: "b1", ...confirmed }));
    const read = (await f.repos.bookings.findById("b1"))!;
    const cancellation = { at: at(3), by: "student" as const, reason: "" };
    expect(await f.repos.bookings.applyLifecycleChange(read, { bookingStatus: "cancelled", proposedSlot: null, cancellation }, at(3))).toBe(
      "applied",
    );
    expect(await f.repos.bookings.findById("b1")).toMatchObject({ bookingStatus: "cancelled", cancellation, updatedAt: at(3) });
    expect(await f.repos.bookings.insertBooking(aBooking({ id: "b2", studentId: "student-2" }))).toBe("inserted");
  });

  it("moves to a free slot in one write and answers slot_taken for a held one, the unit of work still usable", async () => {
    await f.repos.bookings.insertBooking(aBooking({ id: "b1", ...confirmed }));
    await f.repos.bookings.insertBooking(aBooking({ id: "b2", studentId: "student-2", ...confirmed, visitTime: "11:00 AM" }));
    const read = (await f.repos.bookings.findById("b1"))!;
    const outcome = await f.uow.run(async (r) => {
      const taken = await r.bookings.applyLifecycleChange(read, { slot: { visitDate: "2026-12-02", visitTime: "11:00 AM" } }, at(1));
      // After the refused move the transaction goes on (PostgreSQL: the savepoint was rolled back).
      const moved = await r.bookings.applyLifecycleChange(
        read,
        { slot: { visitDate: "2026-12-03", visitTime: "9:00 AM" }, agentResponse: "awaiting" },
        at(1),
      );
      return [taken, moved];
    });
    expect(outcome).toEqual(["slot_taken", "applied"]);
    expect(await f.repos.bookings.findById("b1")).toMatchObject({ visitDate: "2026-12-03", visitTime: "9:00 AM" });
    // The old slot is free again.
    expect(await f.repos.bookings.insertBooking(aBooking({ id: "b3", studentId: "student-2" }))).toBe("inserted");
  });
});
