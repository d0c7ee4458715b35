import { afterEach, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../support/test-database";
import { DEFAULT_VISITING_HOURS } from "#domain/booking/visiting-hours";
import { aBooking, at, createMoneyFixture, moneyKinds, type MoneyFixture } from "./money-fixtures";

const slot = { propertyId: "prop-1", visitDate: "2026-12-02", visitTime: "10:00 AM" };

describeEachDatabase(moneyKinds())("BookingRepository on %s", (kind) => {
  let f: MoneyFixture;
  beforeEach(async () => {
    f = await createMoneyFixture(kind);
    await f.addProperty({ id: "prop-1", agentId: "agent-1" });
    for (const id of ["student-1", "student-2", "student-3"]) await f.addUser(id);
  });
  afterEach(() => f.destroy());

  it("stores a booking and finds it by id and reference, field for field", async () => {
    const b = aBooking({ id: "b1", message: "Hello", viewingOutcome: null });
    expect(await f.repos.bookings.insertBooking(b)).toBe("inserted");
    expect(await f.repos.bookings.findById("b1")).toEqual(b);
    expect(await f.repos.bookings.findByReference(b.reference)).toEqual(b);
    expect(await f.repos.bookings.findById("nope")).toBeNull();
    expect(await f.repos.bookings.findByReference("KN-NOPE00")).toBeNull();
  });

  it("lets one live booking hold a slot; expired ones do not count", async () => {
    expect(await f.repos.bookings.insertBooking(aBooking({ id: "b1" }))).toBe("inserted");
    expect(await f.repos.bookings.insertBooking(aBooking({ id: "b2", studentId: "student-2" }))).toBe("slot_taken");
    expect(
      await f.repos.bookings.insertBooking(
        aBooking({ id: "b3", studentId: "student-2", bookingStatus: "confirmed", paymentStatus: "confirmed" }),
      ),
    ).toBe("slot_taken");
    expect(await f.repos.bookings.findById("b2")).toBeNull();
    expect((await f.repos.bookings.findLiveBookingForSlot(slot))?.id).toBe("b1");
    expect(await f.repos.bookings.expireBooking("b1", at(1))).toBe(true);
    expect(await f.repos.bookings.findLiveBookingForSlot(slot)).toBeNull();
    expect(await f.repos.bookings.insertBooking(aBooking({ id: "b4", studentId: "student-2" }))).toBe("inserted");
  });

  it("throws on a duplicate reference: only the slot collision is an expected outcome", async () => {
    await f.repos.bookings.insertBooking(aBooking({ id: "b1", reference: "KN-SAME22" }));
    await expect(f.repos.bookings.insertBooking(aBooking({ id: "b2", reference: "KN-SAME22", visitTime: "11:00 AM" }))).rejects.toThrow();
  });

  it("keeps a transaction usable after a slot collision", async () => {
    await f.repos.bookings.insertBooking(aBooking({ id: "b1" }));
    const outcome = await f.uow.run(async (r) => {
      const first = await r.bookings.insertBooking(aBooking({ id: "b2", studentId: "student-2" }));
      const second = await r.bookings.insertBooking(aBooking({ id: "b3", studentId: "student-2", visitTime: "11:00 AM" }));
      return [first, second];
    });
    expect(outcome).toEqual(["slot_taken", "inserted"]);
    expect((await f.repos.bookings.findById("b3"))?.visitTime).toBe("11:00 AM");
  });

  it("expires lapsed holds on a slot only", async () => {
    await f.repos.bookings.insertBooking(aBooking({ id: "b1", holdExpiresAt: at(30) }));
    await f.repos.bookings.insertBooking(aBooking({ id: "b2", visitTime: "11:00 AM", holdExpiresAt: at(10) }));
    expect(await f.repos.bookings.expireLapsedHoldsForSlot(slot, at(29))).toBe(0);
    expect(await f.repos.bookings.expireLapsedHoldsForSlot(slot, at(30))).toBe(1);
    expect((await f.repos.bookings.findById("b1"))?.bookingStatus).toBe("expired");
    expect((await f.repos.bookings.findById("b2"))?.bookingStatus).toBe("pending");
  });

  it("lists the times kept from others: confirmed, and pending within their hold", async () => {
    await f.repos.bookings.insertBooking(
      aBooking({ id: "b1", visitTime: "9:00 AM", bookingStatus: "confirmed", paymentStatus: "confirmed", holdExpiresAt: null }),
    );
    await f.repos.bookings.insertBooking(aBooking({ id: "b2", visitTime: "10:00 AM", holdExpiresAt: at(30) }));
    await f.repos.bookings.insertBooking(aBooking({ id: "b3", visitTime: "11:00 AM", holdExpiresAt: at(5) }));
    await f.repos.bookings.insertBooking(aBooking({ id: "b4", visitTime: "12:00 PM", bookingStatus: "expired" }));
    await f.repos.bookings.insertBooking(aBooking({ id: "b5", visitTime: "1:00 PM", visitDate: "2026-12-03" }));
    expect((await f.repos.bookings.listTakenTimes("prop-1", "2026-12-02", at(10))).sort()).toEqual(["10:00 AM", "9:00 AM"]);
  });

  it("confirms a booking, clearing the hold and linking the payment", async () => {
    await f.repos.bookings.insertBooking(aBooking({ id: "b1" }));
    expect(await f.repos.bookings.confirmBooking("b1", "pay-1", at(5))).toBe("confirmed");
    expect(await f.repos.bookings.findById("b1")).toMatchObject({
      bookingStatus: "confirmed",
      paymentStatus: "confirmed",
      holdExpiresAt: null,
      paymentId: "pay-1",
      updatedAt: at(5),
    });
  });

  it("revives an expired booking only while its slot is free", async () => {
    await f.repos.bookings.insertBooking(aBooking({ id: "b1" }));
    await f.repos.bookings.expireBooking("b1", at(31));
    expect(await f.repos.bookings.confirmBooking("b1", "pay-1", at(32))).toBe("confirmed");

    await f.repos.bookings.insertBooking(aBooking({ id: "b2", visitTime: "11:00 AM" }));
    await f.repos.bookings.expireBooking("b2", at(31));
    await f.repos.bookings.insertBooking(aBooking({ id: "b3", visitTime: "11:00 AM", studentId: "student-2" }));
    const inTx = await f.uow.run(async (r) => {
      const result = await r.bookings.confirmBooking("b2", "pay-2", at(32));
      if (result === "slot_taken") await r.bookings.markRebookRequired("b2", "pay-2", at(32));
      return result;
    });
    expect(inTx).toBe("slot_taken");
    expect(await f.repos.bookings.findById("b2")).toMatchObject({
      bookingStatus: "rebook_required",
      paymentStatus: "confirmed",
      paymentId: "pay-2",
    });
  });

  it("expires only pending bookings", async () => {
    await f.repos.bookings.insertBooking(aBooking({ id: "b1" }));
    await f.repos.bookings.confirmBooking("b1", null, at(61));
    expect(await f.repos.bookings.expireBooking("b1", at(62))).toBe(false);
    expect(await f.repos.bookings.expireBooking("nope", at(62))).toBe(false);
  });

  it("lists a student's live bookings: running holds, and confirmed visits from today on without an outcome", async () => {
    const confirmed = { bookingStatus: "confirmed" as const, paymentStatus: "confirmed" as const, holdExpiresAt: null };
    await f.repos.bookings.insertBooking(aBooking({ id: "b1" })); // pending, hold to at(30)
    await f.repos.bookings.insertBooking(aBooking({ id: "b2", visitTime: "11:00 AM", ...confirmed, visitDate: "2026-12-01" })); // today
    await f.repos.bookings.insertBooking(aBooking({ id: "b3", visitTime: "12:00 PM", ...confirmed, visitDate: "2026-11-30" })); // past
    await f.repos.bookings.insertBooking(aBooking({ id: "b4", visitTime: "1:00 PM", ...confirmed, visitDate: "2026-12-05" }));
    await f.repos.bookings.insertBooking(aBooking({ id: "b5", visitTime: "2:00 PM", bookingStatus: "expired" }));
    await f.repos.bookings.insertBooking(aBooking({ id: "b6", visitTime: "3:00 PM", studentId: "student-2" }));
    await f.repos.bookings.recordViewingOutcome("b4", "confirmed", at(1)); // recorded: done
    await f.repos.bookings.insertBooking(aBooking({ id: "b7", visitTime: "4:00 PM", ...confirmed, visitDate: "2026-12-06" }));
    const ids = async (minutes: number) =>
      (await f.repos.bookings.listLiveBookingsOfStudent("student-1", at(minutes), "2026-12-01")).map((b) => b.id).sort();
    expect(await ids(29)).toEqual(["b1", "b2", "b7"]);
    expect(await ids(30)).toEqual(["b2", "b7"]);
    expect(await f.repos.bookings.listLiveBookingsOfStudent("student-3", at(0), "2026-12-01")).toEqual([]);
    // lockStudent works inside a unit of work and outside one, for known and unknown students.
    await f.uow.run(async (r) => {
      await r.bookings.lockStudent("student-1");
      await r.bookings.lockStudent("nobody");
    });
    await f.repos.bookings.lockStudent("student-1");
  });

  it("tells whether a student holds a booked visit on a property: paid and confirmed, not pending or cancelled (decision 0201)", async () => {
    const confirmed = { bookingStatus: "confirmed" as const, paymentStatus: "confirmed" as const, holdExpiresAt: null };
    await f.addProperty({ id: "prop-2", agentId: "agent-1" });
    await f.repos.bookings.insertBooking(aBooking({ id: "b1" })); // student-1, pending on prop-1
    await f.repos.bookings.insertBooking(aBooking({ id: "b2", studentId: "student-2", visitTime: "11:00 AM", ...confirmed }));
    await f.repos.bookings.insertBooking(
      aBooking({ id: "b3", studentId: "student-3", visitTime: "12:00 PM", ...confirmed, bookingStatus: "cancelled" }),
    );
    expect(await f.repos.bookings.hasBookedVisit("student-1", "prop-1")).toBe(false);
    expect(await f.repos.bookings.hasBookedVisit("student-2", "prop-1")).toBe(true);
    expect(await f.repos.bookings.hasBookedVisit("student-2", "prop-2")).toBe(false);
    expect(await f.repos.bookings.hasBookedVisit("student-3", "prop-1")).toBe(false);
    await f.repos.bookings.confirmBooking("b1", null, at(1));
    expect(await f.repos.bookings.hasBookedVisit("student-1", "prop-1")).toBe(true);
  });

  it("records a viewing outcome once", async () => {
    await f.repos.bookings.insertBooking(aBooking({ id: "b1", bookingStatus: "confirmed", paymentStatus: "confirmed" }));
    expect(await f.repos.bookings.recordViewingOutcome("b1", "no_show", at(1440))).toBe(true);
    expect(await f.repos.bookings.recordViewingOutcome("b1", "confirmed", at(1441))).toBe(false);
    expect(await f.repos.bookings.findById("b1")).toMatchObject({ viewingOutcome: "no_show", viewingRecordedAt: at(1440) });
  });

  it("reads a property for booking, with its visiting hours or the default", async () => {
    await f.addProperty({ id: "prop-2", agentId: "agent-1", visitingHours: '{"days":["sun"],"from":"10:00","to":"12:00"}' });
    await f.addProperty({
      id: "prop-3",
      agentId: "agent-2",
      visitingHours: "{broken",
      status: "rented_out",
      isAvailable: false,
      hidden: true,
    });
    expect(await f.properties.findPropertyForBooking("prop-1")).toMatchObject({
      id: "prop-1",
      agentId: "agent-1",
      status: "available",
      isAvailable: true,
      hidden: false,
      visitingHours: DEFAULT_VISITING_HOURS,
    });
    expect((await f.properties.findPropertyForBooking("prop-2"))?.visitingHours).toEqual({
      days: ["sun"],
      from: "10:00",
      to: "12:00",
      stepMinutes: 60,
      closedDates: [],
    });
    expect(await f.properties.findPropertyForBooking("prop-3")).toMatchObject({
      agentId: "agent-2",
      status: "rented_out",
      isAvailable: false,
      hidden: true,
      visitingHours: DEFAULT_VISITING_HOURS,
    });
    expect(await f.properties.findPropertyForBooking("nope")).toBeNull();
  });
});
