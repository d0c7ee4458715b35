// /admin/bookings, its cancel page and its CSV through their loaders and actions on SQLite and
// PostgreSQL (issue 11, docs/decisions/0126): the filters and pages, a cancel that lands with its
// audit row and both e-mails or not at all, a 409 on a visit already cancelled, the CSV of the same
// filters, and fuzzed cancel forms that never answer 500 nor cancel without a valid reason.
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as listRoute from "~/routes/admin+/bookings";
import * as cancelRoute from "~/routes/admin+/bookings_.$id.cancel";
import * as csvRoute from "~/routes/admin+/bookings[.]csv";
import { ADMIN_BOOKINGS_PAGE_SIZE } from "#domain/booking/admin-bookings.queries";
import { addDays, doualaDate } from "#domain/booking/visit-date";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";
import { insertBooking, insertProperty } from "../contract/discovery-fixtures";
import { CONTROL, RUNS, expectStatus, form, maybe, postForm, weird } from "./fuzz-support";

const day = (n: number) => addDays(doualaDate(new Date()), n);
const minute = (n: number) => new Date(Date.UTC(2026, 10, 1, 8, n)).toISOString();

describeEachDatabase(allDatabaseKinds())("the admin's bookings routes (%s)", (kind) => {
  let h: RouteHarness;
  let admin: { id: string; jar: CookieJar };
  let student: { id: string; jar: CookieJar };
  let agentId: string;
  const jar = () => admin.jar.clone();
  const row = (id: string) => h.database.db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const audit = (id: string) =>
    h.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "admin.booking.cancel")
      .where("target", "=", `booking:${id}`)
      .execute();
  const notices = (id: string) =>
    h.database.db.selectFrom("booking_notices").select(["kind", "recipient"]).where("booking_id", "=", id).orderBy("recipient").execute();
  /** A confirmed, paid visit `days` ahead, created at `at` minutes (newest first sorts on it). */
  const upcoming = (id: string, propertyId: string, days: number, at: number) =>
    insertBooking(h.database.db, {
      id,
      propertyId,
      studentId: student.id,
      visitDate: day(days),
      viewingOutcome: null,
      createdAt: minute(at),
    });
  const ids = (r: { data: { items: { id: string }[] } }) => r.data.items.map((b) => b.id);

  beforeAll(async () => {
    h = await createRouteHarness({ kind });
    const a = await createPersona(h, "admin");
    admin = { id: a.id, jar: await signedInJar(h, a.id) };
    agentId = (await createPersona(h, "approvedAgent")).id;
    const s = await createPersona(h, "student");
    student = { id: s.id, jar: await signedInJar(h, s.id) };
    await insertProperty(h.database.db, { id: "ab-gate", agentId, title: "Studio at the Gate" });
    await insertProperty(h.database.db, { id: "ab-formula", agentId, title: '=HYPERLINK("http://evil")' });
    await insertProperty(h.database.db, { id: "ab-many", agentId, title: "Many visits" });
    await upcoming("ab-1", "ab-gate", 2, 1);
    await upcoming("ab-2", "ab-gate", 5, 2);
    await upcoming("ab-formula-1", "ab-formula", 3, 3);
    await insertBooking(h.database.db, {
      id: "ab-past",
      propertyId: "ab-gate",
      studentId: student.id,
      visitDate: day(-3),
      viewingOutcome: null,
      createdAt: minute(0),
    });
    await insertBooking(h.database.db, {
      id: "ab-cancelled",
      propertyId: "ab-gate",
      studentId: student.id,
      visitDate: day(4),
      viewingOutcome: null,
      bookingStatus: "cancelled",
      cancelledBy: "student",
      cancelReason: "Found a room",
      createdAt: minute(4),
    });
    for (let i = 0; i < ADMIN_BOOKINGS_PAGE_SIZE + 2; i += 1) {
      await insertBooking(h.database.db, {
        id: `ab-many-${i}`,
        propertyId: "ab-many",
        studentId: student.id,
        visitDate: day(1),
        visitTime: `${i}`,
        bookingStatus: "expired",
        paymentStatus: "pending",
        viewingOutcome: null,
        createdAt: minute(10 + i),
      });
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  it("filters by status, visit dates and property, marks what can be cancelled, and pages", async () => {
    const gate = await h.get(listRoute, "/admin/bookings?property=ab-gate", { jar: jar() });
    expect(gate.status).toBe(200);
    expect(ids(gate)).toEqual(["ab-cancelled", "ab-2", "ab-1", "ab-past"]);
    expect(gate.data.items.map((b: { cancellable: boolean }) => b.cancellable)).toEqual([false, true, true, false]);
    expect(gate.data.items[1]).toMatchObject({
      propertyTitle: "Studio at the Gate",
      studentId: student.id,
      agentId,
      bookingStatus: "confirmed",
    });

    const byTitle = await h.get(
      listRoute,
      `/admin/bookings?property=${encodeURIComponent("studio AT")}&status=confirmed&from=${day(0)}&to=${day(2)}`,
      { jar: jar() },
    );
    expect(ids(byTitle)).toEqual(["ab-1"]);
    expect(byTitle.data.form).toEqual({ status: "confirmed", from: day(0), to: day(2), property: "studio AT" });

    const cancelled = await h.get(listRoute, "/admin/bookings?status=cancelled&property=ab-gate", { jar: jar() });
    expect(ids(cancelled)).toEqual(["ab-cancelled"]);

    const first = await h.get(listRoute, "/admin/bookings?property=ab-many&status=expired", { jar: jar() });
    expect(first.data).toMatchObject({ total: ADMIN_BOOKINGS_PAGE_SIZE + 2, page: 1, pageCount: 2 });
    expect(first.data.items).toHaveLength(ADMIN_BOOKINGS_PAGE_SIZE);
    expect([first.data.totalIsCapped, first.data.countText]).toEqual([false, `${ADMIN_BOOKINGS_PAGE_SIZE + 2} bookings`]);
    const french = await h.get(listRoute, "/admin/bookings?property=ab-many&status=expired&page=2", {
      jar: jar(),
      headers: { "Accept-Language": "fr" },
    });
    expect(french.data.countText).toBe(`${ADMIN_BOOKINGS_PAGE_SIZE + 2} réservations`);
    const second = await h.get(listRoute, "/admin/bookings?property=ab-many&status=expired&page=2", { jar: jar() });
    expect(ids(second)).toEqual(["ab-many-1", "ab-many-0"]);
    const past = await h.get(listRoute, "/admin/bookings?property=ab-many&status=expired&page=9", { jar: jar() });
    expect(past.data.page).toBe(2);
  });

  it("reads filters that mean nothing as no filter, never a 500", async () => {
    const all = await h.get(listRoute, "/admin/bookings", { jar: jar() });
    for (const q of [
      "status=paid",
      "from=2026-02-30",
      "to=yesterday",
      "property=%00x",
      `property=${"x".repeat(500)}`,
      "page=-3",
      "page=abc",
      "page=999999",
    ]) {
      const r = await h.get(listRoute, `/admin/bookings?${q}`, { jar: jar() });
      expect(r.status, q).toBe(200);
      if (!q.startsWith("property=x")) expect(r.data.total, q).toBe(all.data.total);
    }
  });

  it("cancels with a reason: the booking, its audit row and both e-mails land together, then a second cancel is a 409", async () => {
    const page = await h.get(cancelRoute, "/admin/bookings/ab-1/cancel?back=%2Fadmin%2Fbookings%3Fstatus%3Dconfirmed", {
      jar: jar(),
      params: { id: "ab-1" },
    });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      cancellable: true,
      back: "/admin/bookings?status=confirmed",
      booking: { reference: "KN-ab-1", propertyTitle: "Studio at the Gate" },
    });

    // No reason (or too short): a translated 400, nothing changed.
    for (const reason of ["", "no", "x".repeat(501)]) {
      const refused = await h.post(cancelRoute, "/admin/bookings/ab-1/cancel", { reason }, { jar: jar(), params: { id: "ab-1" } });
      expect(refused.status, reason).toBe(400);
      expect(refused.data.formError).toMatch(/reason/i);
    }
    expect((await row("ab-1")).booking_status).toBe("confirmed");

    const r = await h.post(
      cancelRoute,
      "/admin/bookings/ab-1/cancel",
      { reason: "Listing under investigation", back: "/admin/bookings?status=confirmed&page=1" },
      { jar: jar(), params: { id: "ab-1" } },
    );
    expect(r.status).toBe(302);
    expect(r.location).toBe("/admin/bookings?status=confirmed");
    expect(await row("ab-1")).toMatchObject({
      booking_status: "cancelled",
      cancelled_by: "admin",
      cancel_reason: "Listing under investigation",
    });
    const [entry, ...more] = await audit("ab-1");
    expect(more).toHaveLength(0);
    expect(entry.actor_id).toBe(admin.id);
    const data = JSON.parse(entry.data);
    expect(data).toMatchObject({ target: "booking:ab-1", reason: "Listing under investigation" });
    expect(JSON.parse(data.before)).toMatchObject({ bookingStatus: "confirmed", cancelledBy: null });
    expect(JSON.parse(data.after)).toMatchObject({ bookingStatus: "cancelled", cancelledBy: "admin" });
    expect(await notices("ab-1")).toEqual([
      { kind: "booking_cancelled", recipient: "agent" },
      { kind: "booking_cancelled", recipient: "student" },
    ]);

    const again = await h.post(cancelRoute, "/admin/bookings/ab-1/cancel", { reason: "Once more" }, { jar: jar(), params: { id: "ab-1" } });
    expect(again.status).toBe(409);
    expect(again.data.formError).toMatch(/can no longer be changed/);
    expect(await audit("ab-1")).toHaveLength(1);
    expect(await notices("ab-1")).toHaveLength(2);
    expect((await h.get(cancelRoute, "/admin/bookings/ab-1/cancel", { jar: jar(), params: { id: "ab-1" } })).data.cancellable).toBe(false);

    // A past visit is no longer cancellable either; a missing one is a 404.
    expect(
      (await h.post(cancelRoute, "/admin/bookings/ab-past/cancel", { reason: "Too late now" }, { jar: jar(), params: { id: "ab-past" } }))
        .status,
    ).toBe(409);
    expect(
      (await h.post(cancelRoute, "/admin/bookings/nope/cancel", { reason: "Does not exist" }, { jar: jar(), params: { id: "nope" } }))
        .status,
    ).toBe(404);
    expect((await h.get(cancelRoute, "/admin/bookings/nope/cancel", { jar: jar(), params: { id: "nope" } })).status).toBe(404);
  });

  it("writes nothing when the audit row cannot be written (one transaction)", async () => {
    // A trigger refuses the audit insert, as a failing database would.
    const refuse =
      kind === "sqlite"
        ? [sql`create trigger ab_no_audit before insert on audit_log begin select raise(abort, 'audit refused'); end`]
        : [
            sql`create function ab_no_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`,
            sql`create trigger ab_no_audit before insert on audit_log for each row execute function ab_no_audit()`,
          ];
    const allow =
      kind === "sqlite" ? [sql`drop trigger ab_no_audit`] : [sql`drop trigger ab_no_audit on audit_log`, sql`drop function ab_no_audit()`];
    for (const statement of refuse) await statement.execute(h.database.db);
    try {
      await expect(
        h.post(cancelRoute, "/admin/bookings/ab-2/cancel", { reason: "Should roll back" }, { jar: jar(), params: { id: "ab-2" } }),
      ).rejects.toThrow(/audit refused/);
    } finally {
      for (const statement of allow) await statement.execute(h.database.db);
    }
    expect(await row("ab-2")).toMatchObject({ booking_status: "confirmed", cancelled_by: null });
    expect(await notices("ab-2")).toEqual([]);
  });

  it("turns away anyone but an admin, changing nothing", async () => {
    const r = await h.post(
      cancelRoute,
      "/admin/bookings/ab-2/cancel",
      { reason: "Not mine to cancel" },
      { jar: student.jar.clone(), params: { id: "ab-2" } },
    );
    expect(r.location).toBe("/admin/unauthorized");
    expect((await row("ab-2")).booking_status).toBe("confirmed");
    const csv = await h.get(csvRoute, "/admin/bookings.csv", { jar: student.jar.clone() });
    expect(csv.location).toBe("/admin/unauthorized");
  });

  it("exports the same filters as CSV, formula-safe", async () => {
    const request = new Request("http://localhost:3000/admin/bookings.csv?property=ab-formula", {
      headers: { Cookie: admin.jar.header() ?? "" },
    });
    const response = (await csvRoute.loader({ request, context: h.context, params: {} })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="kamernest-bookings-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Read with the byte-order mark kept (Response.text() drops it).
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    // Every text cell quoted (app/utils/csv.ts), the header's too.
    expect(text.startsWith('\uFEFF"reference","booked_at","property_id","property_title",')).toBe(true);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"KN-ab-formula-1","${minute(3)}","ab-formula","'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain(`,"${day(3)}","10:00 AM","confirmed","awaiting","confirmed",,0,,`);

    const cancelled = new Request("http://localhost:3000/admin/bookings.csv?status=cancelled&property=ab-gate", {
      headers: { Cookie: admin.jar.header() ?? "" },
    });
    const body = await ((await csvRoute.loader({ request: cancelled, context: h.context, params: {} })) as Response).text();
    expect(
      body
        .trimEnd()
        .split("\r\n")
        .slice(1)
        .map((l) => l.split(",")[0]),
    ).toEqual(['"KN-ab-cancelled"', '"KN-ab-1"']);
  });

  it(`${RUNS} fuzzed cancel forms: never a 500, and a visit is cancelled only with a valid reason`, async () => {
    await upcoming("ab-fuzz", "ab-gate", 6, 30);
    await fc.assert(
      fc.asyncProperty(
        form({ reason: maybe(fc.oneof(fc.constantFrom("Listing removed", "  ok  ", ""), weird)), back: maybe(weird) }),
        fc.constantFrom("ab-fuzz", "nope", ""),
        async (fields, id) => {
          const r = await postForm(h, cancelRoute, `/admin/bookings/${encodeURIComponent(id)}/cancel`, fields, {
            jar: jar(),
            params: { id },
          });
          expectStatus(r, [302, 400, 404, 409], "admin cancel");
          if (r.status === 302) expect(r.location).toMatch(/^\/admin\/bookings(\?|$)/);
        },
      ),
      { numRuns: RUNS },
    );
    const after = await row("ab-fuzz");
    if (after.booking_status === "cancelled") {
      const reason = after.cancel_reason ?? "";
      expect(reason.length).toBeGreaterThanOrEqual(3);
      expect(reason).not.toMatch(CONTROL);
      expect(await audit("ab-fuzz")).toHaveLength(1);
    } else {
      expect(await audit("ab-fuzz")).toHaveLength(0);
    }
  }, 60_000);
});
