// The money pages' read models (issue 9) on the in-memory store, SQLite and PostgreSQL. The same
// rows go into every store and the same questions get the same answers, at the rules' boundaries:
// a hold ending exactly now has lapsed, a visit is due from its day in Buea (UTC+1), not in UTC,
// a listing that is not bookable (status, availability, hidden, unverified) is never offered. The
// databases are also checked answer for answer against the in-memory adapter, which decides with
// the domain predicates, at every instant around those boundaries.
import { afterEach, beforeEach, expect, it } from "vitest";
import { AGENT_BOOKING_FILTERS } from "#domain/booking/booking-lifecycle";
import type { MoneyViewsReader } from "#domain/payment/money-views-reader.port";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";
import { aBooking, aPayment, at, createMoneyFixture, moneyKinds, type MoneyFixture } from "./money-fixtures";

// at(0) is 2026-12-01 08:00 UTC, 09:00 in Buea. Buea's midnight into 2 December is 23:00 UTC.
const BUEA_MIDNIGHT_DEC_2 = 900; // at(900) = 2026-12-01T23:00Z = 2026-12-02 00:00 in Buea
const BUEA_MIDNIGHT_DEC_1 = -540; // at(-540) = 2026-11-30T23:00Z = 2026-12-01 00:00 in Buea
const confirmed = { bookingStatus: "confirmed", paymentStatus: "confirmed", holdExpiresAt: null } as const;

/** The same listings, bookings and payments, through each store's own repositories. */
async function seed(f: MoneyFixture): Promise<void> {
  for (const id of ["student-1", "student-2", "student-3"]) await f.addUser(id);
  await f.addProperty({ id: "prop-1", agentId: "agent-1", title: "Studio near UB gate", verified: true, createdAt: at(-300) });
  await f.addProperty({ id: "prop-2", agentId: "agent-1", title: "Room in Bonduma", verified: true, createdAt: at(-200) });
  await f.addProperty({ id: "prop-9", agentId: "agent-2", title: "Rival's flat", verified: true, createdAt: at(-100) });
  // student-1 also lists a room: a booking of it is never a viewing they can confirm.
  await f.addProperty({ id: "prop-own", agentId: "student-1", title: "My own room", verified: true, createdAt: at(-50) });
  // Not bookable, though older: rented out, booked, switched off, hidden by an admin, unverified.
  await f.addProperty({ id: "p-rented", agentId: "agent-2", status: "rented_out", verified: true, createdAt: at(-900) });
  await f.addProperty({ id: "p-booked", agentId: "agent-2", status: "booked", verified: true, createdAt: at(-900) });
  await f.addProperty({ id: "p-off", agentId: "agent-2", isAvailable: false, verified: true, createdAt: at(-900) });
  await f.addProperty({ id: "p-hidden", agentId: "agent-2", hidden: true, verified: true, createdAt: at(-900) });
  await f.addProperty({ id: "p-unverified", agentId: "agent-2", verified: false, createdAt: at(-900) });
  // Its agent suspended or no longer an agent (issue 30).
  await f.addProperty({ id: "p-withheld", agentId: "agent-withheld", verified: true, createdAt: at(-900), agentStatus: "withheld" });

  const bookings = [
    // student-1's holds: h-new (newest) ends at at(30), h-old at at(60); x-exp has a later end but is expired.
    aBooking({ id: "h-old", visitTime: "08:00 AM", createdAt: at(1), holdExpiresAt: at(60) }),
    aBooking({ id: "h-new", visitTime: "09:00 AM", createdAt: at(5), holdExpiresAt: at(30) }),
    aBooking({ id: "x-exp", visitTime: "10:00 AM", createdAt: at(10), bookingStatus: "expired", holdExpiresAt: at(100) }),
    // student-1's visits: due in Buea from their day, once, if confirmed and not of their own listing.
    aBooking({ id: "v-nov30", visitDate: "2026-11-30", visitTime: "11:00 AM", createdAt: at(-3000), ...confirmed }),
    aBooking({ id: "v-dec1a", visitDate: "2026-12-01", visitTime: "11:00 AM", createdAt: at(-2000), ...confirmed }),
    aBooking({ id: "v-dec1b", visitDate: "2026-12-01", visitTime: "12:00 PM", createdAt: at(-1900), ...confirmed }),
    aBooking({ id: "v-dec2", visitDate: "2026-12-02", visitTime: "01:00 PM", createdAt: at(-1800), ...confirmed }),
    aBooking({
      id: "v-noshow",
      visitDate: "2026-11-29",
      visitTime: "11:00 AM",
      createdAt: at(-1700),
      ...confirmed,
      viewingOutcome: "no_show",
      viewingRecordedAt: at(-1000),
    }),
    aBooking({
      id: "v-rebook",
      visitDate: "2026-11-28",
      visitTime: "11:00 AM",
      createdAt: at(-1600),
      bookingStatus: "rebook_required",
      paymentStatus: "confirmed",
      holdExpiresAt: null,
    }),
    aBooking({ id: "v-own", propertyId: "prop-own", visitDate: "2026-11-30", createdAt: at(-1500), ...confirmed }),
    aBooking({ id: "v-pay9", propertyId: "prop-9", visitDate: "2026-11-30", createdAt: at(-1400), ...confirmed, paymentAmount: 8000 }),
    // student-2: a pending booking without an end to its hold still holds (holdHasLapsed).
    aBooking({
      id: "s2-nohold",
      studentId: "student-2",
      propertyId: "prop-2",
      visitTime: "08:00 AM",
      createdAt: at(2),
      holdExpiresAt: null,
    }),
    aBooking({
      id: "s2-conf",
      studentId: "student-2",
      propertyId: "prop-2",
      visitDate: "2026-12-01",
      visitTime: "09:00 AM",
      createdAt: at(-10),
      ...confirmed,
    }),
  ];
  for (const b of bookings) expect(await f.repos.bookings.insertBooking(b)).toBe("inserted");

  const payments = [
    aPayment({ id: "pay-a", createdAt: at(-1400), status: "successful", bookingId: "v-pay9", method: "orange_money" }),
    aPayment({ id: "pay-b", createdAt: at(6), bookingId: "h-new" }),
    aPayment({ id: "pay-c", createdAt: at(6), type: "test_payment", amount: 100, status: "failed", method: null }),
    aPayment({ id: "pay-z", userId: "student-2", createdAt: at(7) }),
  ];
  for (const p of payments) await f.repos.payments.insertPayment(p);
}

const ref = (id: string) => aBooking({ id }).reference;
const ids = (views: { id: string }[] | null) => (views ?? []).map((v) => v.id);

describeEachDatabase(moneyKinds())("MoneyViewsReader on %s", (kind) => {
  let f: MoneyFixture;
  let views: MoneyViewsReader;
  beforeEach(async () => {
    f = await createMoneyFixture(kind);
    views = f.views;
    await seed(f);
  });
  afterEach(() => f.destroy());

  it("offers the newest booking whose hold still runs; a hold ending exactly now has lapsed", async () => {
    const latest = async (minute: number) => (await views.latestPendingBooking("student-1", at(minute)))?.id ?? null;
    expect(await latest(29)).toBe("h-new");
    expect(await latest(30)).toBe("h-old"); // h-new ends now: lapsed
    expect(await latest(59)).toBe("h-old");
    expect(await latest(60)).toBeNull();
    expect(await latest(99)).toBeNull(); // x-exp's later end does not revive an expired booking
    expect((await views.latestPendingBooking("student-2", at(100_000)))?.id).toBe("s2-nohold");
    expect(await views.latestPendingBooking("student-3", at(0))).toBeNull();
  });

  it("lists the viewings due by the visit day in Buea: yesterday and today, not tomorrow", async () => {
    const due = async (minute: number) => ids(await views.viewingsToConfirm("student-1", at(minute)));
    // 30 Nov, 23:59 in Buea (22:59 UTC): only the 30 November visits.
    expect(await due(BUEA_MIDNIGHT_DEC_1 - 1)).toEqual(["v-pay9", "v-nov30"]);
    // 1 December from 00:00 in Buea, while it is still 30 November in UTC.
    expect(await due(BUEA_MIDNIGHT_DEC_1)).toEqual(["v-dec1b", "v-dec1a", "v-pay9", "v-nov30"]);
    expect(await due(BUEA_MIDNIGHT_DEC_2 - 1)).toEqual(["v-dec1b", "v-dec1a", "v-pay9", "v-nov30"]);
    // 2 December in Buea, still 1 December in UTC.
    expect(await due(BUEA_MIDNIGHT_DEC_2)).toEqual(["v-dec2", "v-dec1b", "v-dec1a", "v-pay9", "v-nov30"]);
    const [first] = await views.viewingsToConfirm("student-1", at(BUEA_MIDNIGHT_DEC_2));
    expect(first).toEqual({
      id: "v-dec2",
      reference: ref("v-dec2"),
      propertyId: "prop-1",
      propertyTitle: "Studio near UB gate",
      agentId: "agent-1",
      visitDate: "2026-12-02",
      visitTime: "01:00 PM",
      bookingStatus: "confirmed",
      paymentStatus: "confirmed",
      paymentAmount: 8000,
      viewingOutcome: null,
      holdExpiresAt: null,
      agentResponse: "awaiting",
      proposedVisitDate: null,
      proposedVisitTime: null,
      cancelledBy: null,
      cancelReason: null,
      createdAt: at(-1800).toISOString(),
    });
    expect(ids(await views.viewingsToConfirm("student-2", at(0)))).toEqual(["s2-conf"]);
    expect(ids(await views.viewingsToConfirm("student-3", at(0)))).toEqual([]);
  });

  it("lists a student's own bookings newest first, and finds one only for its student", async () => {
    expect(ids(await views.studentBookings("student-1", 4))).toEqual(["x-exp", "h-new", "h-old", "v-pay9"]);
    expect(ids(await views.studentBookings("student-1"))).toHaveLength(11);
    expect(await views.studentBooking("student-1", "h-new")).toMatchObject({
      id: "h-new",
      holdExpiresAt: at(30).toISOString(),
      bookingStatus: "pending",
    });
    expect(await views.studentBooking("student-2", "h-new")).toBeNull();
    expect(await views.studentBooking("student-1", "nope")).toBeNull();
  });

  it("lists a user's payments newest first with the booking each paid for, never another user's", async () => {
    expect(await views.studentPayments("student-1")).toEqual([
      {
        reference: "PAY-PAY-C",
        type: "test_payment",
        amount: 100,
        status: "failed",
        method: null,
        bookingReference: null,
        createdAt: at(6).toISOString(),
      },
      {
        reference: "PAY-PAY-B",
        type: "unified_payment",
        amount: 8000,
        status: "pending",
        method: "mtn_momo",
        bookingReference: ref("h-new"),
        createdAt: at(6).toISOString(),
      },
      {
        reference: "PAY-PAY-A",
        type: "unified_payment",
        amount: 8000,
        status: "successful",
        method: "orange_money",
        bookingReference: ref("v-pay9"),
        createdAt: at(-1400).toISOString(),
      },
    ]);
    expect((await views.studentPayments("student-1", 1)).map((p) => p.reference)).toEqual(["PAY-PAY-C"]);
    expect((await views.studentPayments("student-2")).map((p) => p.reference)).toEqual(["PAY-PAY-Z"]);
  });

  it("shows an agent only the paid or covered bookings of their own listings, newest first", async () => {
    const refs = async (agentId: string) => (await views.agentBookings(agentId, { page: 1 })).items.map((b) => b.reference);
    // Not the pending holds, the expired booking or the paid one whose student must rebook.
    expect(await refs("agent-1")).toEqual(["s2-conf", "v-noshow", "v-dec2", "v-dec1b", "v-dec1a", "v-nov30"].map(ref));
    expect(await refs("agent-2")).toEqual([ref("v-pay9")]);
    expect(await refs("student-1")).toEqual([ref("v-own")]);
    expect(await views.agentBookings("agent-3", { page: 1 })).toEqual({ items: [], total: 0, page: 1, pageCount: 1, properties: [] });
    const page = await views.agentBookings("agent-2", { page: 1 });
    expect(page).toMatchObject({ total: 1, page: 1, pageCount: 1, properties: [{ id: "prop-9", title: "Rival's flat" }] });
    expect(page.items[0]).toEqual({
      id: "v-pay9",
      reference: ref("v-pay9"),
      propertyId: "prop-9",
      propertyTitle: "Rival's flat",
      visitorName: "Ngozi Ekane",
      visitorEmail: "ngozi@example.cm",
      visitorPhone: "677123456",
      visitDate: "2026-11-30",
      visitTime: "10:00 AM",
      message: "",
      bookingStatus: "confirmed",
      paymentStatus: "confirmed",
      viewingOutcome: null,
      agentResponse: "awaiting",
      proposedVisitDate: null,
      proposedVisitTime: null,
      cancelledBy: null,
      cancelReason: null,
      createdAt: at(-1400).toISOString(),
    });
  });

  it("filters the agent's bookings by listing, day and lifecycle status, and pages them ten at a time", async () => {
    const lifecycle = [
      aBooking({
        id: "l-prop",
        studentId: "student-3",
        visitDate: "2026-12-05",
        createdAt: at(100),
        ...confirmed,
        agentResponse: "proposed",
        proposedSlot: { visitDate: "2026-12-06", visitTime: "02:00 PM" },
      }),
      aBooking({
        id: "l-acc",
        studentId: "student-3",
        propertyId: "prop-2",
        visitDate: "2026-12-05",
        createdAt: at(101),
        ...confirmed,
        agentResponse: "accepted",
      }),
      aBooking({
        id: "l-canc",
        studentId: "student-3",
        visitDate: "2026-12-07",
        createdAt: at(102),
        ...confirmed,
        bookingStatus: "cancelled",
        cancellation: { at: at(103), by: "student", reason: "Found a room" },
      }),
      aBooking({
        id: "l-decl",
        studentId: "student-3",
        propertyId: "prop-2",
        visitDate: "2026-12-07",
        createdAt: at(104),
        ...confirmed,
        bookingStatus: "cancelled",
        agentResponse: "declined",
        cancellation: { at: at(105), by: "agent", reason: "Already let" },
      }),
      // Accepted, then visited: "visited", not "accepted".
      aBooking({
        id: "l-seen",
        studentId: "student-3",
        visitDate: "2026-11-20",
        createdAt: at(-5000),
        ...confirmed,
        agentResponse: "accepted",
        viewingOutcome: "confirmed",
        viewingRecordedAt: at(-4000),
      }),
    ];
    for (const b of lifecycle) expect(await f.repos.bookings.insertBooking(b)).toBe("inserted");
    const q = async (query: Omit<Parameters<MoneyViewsReader["agentBookings"]>[1], "page">) =>
      (await views.agentBookings("agent-1", { page: 1, ...query })).items.map((b) => b.id);
    expect(await q({ status: "awaiting" })).toEqual(["s2-conf", "v-dec2", "v-dec1b", "v-dec1a", "v-nov30"]);
    expect(await q({ status: "proposed" })).toEqual(["l-prop"]);
    expect(await q({ status: "accepted" })).toEqual(["l-acc"]);
    expect(await q({ status: "cancelled" })).toEqual(["l-decl", "l-canc"]);
    expect(await q({ status: "visited" })).toEqual(["v-noshow", "l-seen"]);
    expect(await q({ propertyId: "prop-2" })).toEqual(["l-decl", "l-acc", "s2-conf"]);
    expect(await q({ propertyId: "prop-9" })).toEqual([]); // another agent's listing: nothing
    expect(await q({ visitDate: "2026-12-05" })).toEqual(["l-acc", "l-prop"]);
    expect(await q({ visitDate: "2026-12-07", status: "cancelled", propertyId: "prop-1" })).toEqual(["l-canc"]);
    const [proposed] = (await views.agentBookings("agent-1", { page: 1, status: "proposed" })).items;
    expect(proposed).toMatchObject({
      agentResponse: "proposed",
      proposedVisitDate: "2026-12-06",
      proposedVisitTime: "02:00 PM",
      cancelledBy: null,
    });
    const [declined] = (await views.agentBookings("agent-1", { page: 1, status: "cancelled" })).items;
    expect(declined).toMatchObject({
      bookingStatus: "cancelled",
      agentResponse: "declined",
      cancelledBy: "agent",
      cancelReason: "Already let",
    });
    const cancelledForStudent = await views.studentBooking("student-3", "l-canc");
    expect(cancelledForStudent).toMatchObject({ cancelledBy: "student", cancelReason: "Found a room", agentResponse: "awaiting" });

    // 11 bookings: two pages, the second holding the oldest; a page past the end shows the last.
    const first = await views.agentBookings("agent-1", { page: 1 });
    expect(first).toMatchObject({ total: 11, page: 1, pageCount: 2 });
    expect(first.items.map((b) => b.id)).toEqual([
      "l-decl",
      "l-canc",
      "l-acc",
      "l-prop",
      "s2-conf",
      "v-noshow",
      "v-dec2",
      "v-dec1b",
      "v-dec1a",
      "v-nov30",
    ]);
    expect(first.properties).toEqual([
      { id: "prop-2", title: "Room in Bonduma" },
      { id: "prop-1", title: "Studio near UB gate" },
    ]);
    const second = await views.agentBookings("agent-1", { page: 2 });
    expect(second).toMatchObject({ total: 11, page: 2, pageCount: 2 });
    expect(second.items.map((b) => b.id)).toEqual(["l-seen"]);
    expect(await views.agentBookings("agent-1", { page: 99 })).toEqual(second);
    expect(await views.agentBookings("agent-1", { page: 0 })).toEqual(first);
    expect(await views.agentBookings("agent-1", { page: 1, status: "proposed" })).toMatchObject({ total: 1, pageCount: 1 });
  });

  it("offers the oldest verified listing that takes visits, never one that does not", async () => {
    expect(await views.firstBookableProperty()).toEqual({ id: "prop-1", title: "Studio near UB gate" });
  });

  it("reads past the first page of rows when the domain predicate rejects them", async () => {
    // 120 newer bookings that are not payable (expired) before student-3's one running hold.
    await f.repos.bookings.insertBooking(
      aBooking({
        id: "s3-live",
        studentId: "student-3",
        propertyId: "prop-2",
        visitTime: "03:00 PM",
        createdAt: at(0),
        holdExpiresAt: at(30),
      }),
    );
    for (let i = 0; i < 120; i++) {
      const id = `s3-x${String(i).padStart(3, "0")}`;
      await f.repos.bookings.insertBooking(
        aBooking({ id, studentId: "student-3", propertyId: "prop-2", bookingStatus: "expired", createdAt: at(1 + i) }),
      );
    }
    expect((await views.latestPendingBooking("student-3", at(29)))?.id).toBe("s3-live");
    expect(ids(await views.studentBookings("student-3", 3))).toEqual(["s3-x119", "s3-x118", "s3-x117"]);
  });
});

describeEachDatabase(allDatabaseKinds())("MoneyViewsReader on %s answers as the in-memory adapter", (kind) => {
  let memory: MoneyFixture;
  let database: MoneyFixture;
  beforeEach(async () => {
    memory = await createMoneyFixture("memory");
    database = await createMoneyFixture(kind);
    await seed(memory);
    await seed(database);
  });
  afterEach(() => database.destroy());

  it("at every minute around each hold's end and each Buea midnight", async () => {
    const minutes = [-1, 0, 1, 29, 30, 31, 59, 60, 61].concat([BUEA_MIDNIGHT_DEC_1, BUEA_MIDNIGHT_DEC_2].flatMap((m) => [m - 1, m, m + 1]));
    for (const minute of minutes) {
      for (const student of ["student-1", "student-2", "student-3"]) {
        expect(await database.views.latestPendingBooking(student, at(minute)), `${student} at ${minute}`).toEqual(
          await memory.views.latestPendingBooking(student, at(minute)),
        );
        expect(await database.views.viewingsToConfirm(student, at(minute)), `${student} at ${minute}`).toEqual(
          await memory.views.viewingsToConfirm(student, at(minute)),
        );
      }
    }
    for (const user of ["student-1", "student-2", "student-3"]) {
      expect(await database.views.studentBookings(user)).toEqual(await memory.views.studentBookings(user));
      expect(await database.views.studentPayments(user)).toEqual(await memory.views.studentPayments(user));
    }
    for (const agent of ["agent-1", "agent-2", "student-1", "agent-3"]) {
      for (const status of [undefined, ...AGENT_BOOKING_FILTERS]) {
        const query = { page: 1, status };
        expect(await database.views.agentBookings(agent, query), `${agent} ${status}`).toEqual(
          await memory.views.agentBookings(agent, query),
        );
      }
    }
    expect(await database.views.firstBookableProperty()).toEqual(await memory.views.firstBookableProperty());
  });
});
