// The admin's bookings list (docs/decisions/0126) on every database: newest first, the status,
// visit-date and property filters alone and together, the title search with % and _ taken as
// letters, pages that add up to the total, and the names and payment reference each row carries.
import { afterEach, beforeEach, expect, it } from "vitest";
import type { AdminBookingFilter, AdminBookingsReader } from "#domain/booking/admin-bookings.port";
import { listBookingsForAdmin, ADMIN_BOOKINGS_PAGE_SIZE } from "#domain/booking/admin-bookings.queries";
import { KyselyAdminBookingsReader } from "#infrastructure/repositories/kysely-admin-bookings-reader";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";
import { insertAgent, insertBooking, insertProfile, insertProperty } from "./discovery-fixtures";

const created = (minute: number) => new Date(Date.UTC(2026, 10, 1, 8, minute)).toISOString();

describeEachDatabase(allDatabaseKinds())("AdminBookingsReader on %s", (kind) => {
  let db: TestDatabase;
  let reader: AdminBookingsReader;
  const ids = async (filter: AdminBookingFilter, limit = 100, offset = 0) =>
    (await reader.list({ ...filter, limit, offset, countLimit: 100 })).items.map((b) => b.id);

  beforeEach(async () => {
    db = await createTestDatabase(kind);
    reader = new KyselyAdminBookingsReader(db.db);
    await insertAgent(db.db, { id: "agent-1", fullName: "Ada Agent" });
    await insertAgent(db.db, { id: "agent-2", fullName: "Bo Agent" });
    await insertProfile(db.db, { id: "student-1", fullName: "Sam Student", email: "sam@kamernest.test" });
    await insertProfile(db.db, { id: "student-2", fullName: "Tia Student" });
    await insertProperty(db.db, { id: "prop-a", agentId: "agent-1", title: "Studio near the Gate" });
    await insertProperty(db.db, { id: "prop-b", agentId: "agent-2", title: "Room 100% sunny_side" });
    await db.db
      .insertInto("payments")
      .values({
        id: "pay-1",
        user_id: "student-1",
        payment_gateway: "simulated",
        payment_status: "successful",
        payment_type: "student_rental",
        amount: 8000,
        method: "mtn_momo",
        phone: "237670000001",
        reference: "KN-PAY-1",
        provider_tx_id: null,
        checkout_url: null,
        booking_id: "b1",
        guest_house_id: null,
        failure_reason: null,
        confirmed_at: created(0),
        created_at: created(0),
        updated_at: created(0),
      })
      .execute();
    const rows: [string, string, string, string, string, number][] = [
      // id, property, student, status, visit date, minute created
      ["b1", "prop-a", "student-1", "confirmed", "2026-12-01", 1],
      ["b2", "prop-a", "student-2", "cancelled", "2026-12-02", 2],
      ["b3", "prop-b", "student-1", "pending", "2026-12-03", 3],
      ["b4", "prop-b", "student-2", "confirmed", "2026-12-04", 4],
      ["b5", "prop-a", "student-1", "expired", "2026-12-05", 5],
    ];
    for (const [id, propertyId, studentId, status, visitDate, minute] of rows) {
      await insertBooking(db.db, {
        id,
        propertyId,
        studentId,
        bookingStatus: status,
        visitDate,
        viewingOutcome: null,
        createdAt: created(minute),
        paymentStatus: status === "pending" || status === "expired" ? "pending" : "confirmed",
        paymentId: id === "b1" ? "pay-1" : null,
        paymentAmount: id === "b1" ? 8000 : 0,
        cancelledBy: status === "cancelled" ? "admin" : null,
        cancelReason: status === "cancelled" ? "Fraudulent listing" : null,
      });
    }
  });
  afterEach(async () => {
    await db.destroy();
  });

  it("lists every booking newest first with its names, payment and cancellation", async () => {
    const all = await reader.list({ limit: 100, offset: 0, countLimit: 100 });
    expect(all.total).toBe(5);
    expect(all.items.map((b) => b.id)).toEqual(["b5", "b4", "b3", "b2", "b1"]);
    expect(all.items.find((b) => b.id === "b1")).toMatchObject({
      reference: "KN-b1",
      propertyId: "prop-a",
      propertyTitle: "Studio near the Gate",
      studentId: "student-1",
      studentName: "Sam Student",
      studentEmail: "sam@kamernest.test",
      agentId: "agent-1",
      agentName: "Ada Agent",
      visitDate: "2026-12-01",
      visitTime: "10:00 AM",
      bookingStatus: "confirmed",
      paymentStatus: "confirmed",
      paymentAmount: 8000,
      paymentReference: "KN-PAY-1",
      agentResponse: "awaiting",
      viewingOutcome: null,
      cancelledBy: null,
      cancelReason: null,
      createdAt: new Date(created(1)),
    });
    expect(all.items.find((b) => b.id === "b2")).toMatchObject({
      cancelledBy: "admin",
      cancelReason: "Fraudulent listing",
      paymentReference: null,
    });
  });

  it("filters by status, by visit dates (both ends included) and by property id or title text", async () => {
    expect(await ids({ bookingStatus: "confirmed" })).toEqual(["b4", "b1"]);
    expect(await ids({ bookingStatus: "rebook_required" })).toEqual([]);
    expect(await ids({ visitFrom: "2026-12-02", visitTo: "2026-12-04" })).toEqual(["b4", "b3", "b2"]);
    expect(await ids({ visitFrom: "2026-12-05" })).toEqual(["b5"]);
    expect(await ids({ visitTo: "2026-12-01" })).toEqual(["b1"]);
    expect(await ids({ property: "prop-b" })).toEqual(["b4", "b3"]);
    expect(await ids({ property: "studio NEAR" })).toEqual(["b5", "b2", "b1"]);
    // % and _ are letters, not wildcards.
    expect(await ids({ property: "100%" })).toEqual(["b4", "b3"]);
    expect(await ids({ property: "%" })).toEqual(["b4", "b3"]);
    expect(await ids({ property: "_" })).toEqual(["b4", "b3"]);
    expect(await ids({ property: "nothing like it" })).toEqual([]);
    expect(await ids({ bookingStatus: "confirmed", property: "prop-a", visitFrom: "2026-12-01", visitTo: "2026-12-01" })).toEqual(["b1"]);
    expect((await reader.list({ bookingStatus: "confirmed", limit: 1, offset: 0, countLimit: 100 })).total).toBe(2);
  });

  it("counts the matches only up to countLimit, from the first match whatever the page, filters kept", async () => {
    expect((await reader.list({ limit: 1, offset: 0, countLimit: 3 })).total).toBe(3);
    expect((await reader.list({ limit: 1, offset: 3, countLimit: 4 })).total).toBe(4);
    expect((await reader.list({ limit: 1, offset: 0, countLimit: 6 })).total).toBe(5);
    expect((await reader.list({ property: "studio NEAR", limit: 1, offset: 0, countLimit: 2 })).total).toBe(2);
    expect((await reader.list({ property: "studio NEAR", limit: 1, offset: 0, countLimit: 4 })).total).toBe(3);
    // The CSV's read: no count at all.
    const csv = await reader.list({ limit: 100, offset: 0, countLimit: 0 });
    expect([csv.total, csv.items.length]).toEqual([0, 5]);
  });

  it("pages by limit and offset, and the query reads a page past the end as the last one", async () => {
    expect(await ids({}, 2, 0)).toEqual(["b5", "b4"]);
    expect(await ids({}, 2, 2)).toEqual(["b3", "b2"]);
    expect(await ids({}, 2, 4)).toEqual(["b1"]);
    const page = await listBookingsForAdmin({ reader }, {}, 99);
    expect(page).toMatchObject({ page: 1, pageCount: 1, total: 5 });
    expect(page.items).toHaveLength(Math.min(5, ADMIN_BOOKINGS_PAGE_SIZE));
  });
});
