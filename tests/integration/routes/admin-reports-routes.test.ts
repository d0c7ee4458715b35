// The payout run through the routes: bad input is a translated 4xx with nothing written; a
// student's crafted post changes nothing; voiding and paying (one agent at a time, decision 0129)
// redirect with their audit rows; the CSV is an attachment whose cells cannot run as formulas.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as reportsRoute from "~/routes/admin+/reports";
import * as csvRoute from "~/routes/admin+/reports_.csv.$table";
import * as voidPage from "~/routes/admin+/reports_.void.$id";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";

const STAMP = new Date(Date.now() - 60_000).toISOString();

describe("admin payout run routes", () => {
  let h: RouteHarness;
  let admin: CookieJar;
  let student: CookieJar;
  let agentId: string;
  let otherAgentId: string;
  beforeAll(async () => {
    h = await createRouteHarness();
    admin = await signedInJar(h, (await createPersona(h, "admin")).id);
    student = await signedInJar(h, (await createPersona(h, "student")).id);
    agentId = (await createPersona(h, "approvedAgent")).id;
    otherAgentId = (await createPersona(h, "approvedAgent")).id;
    const db = h.database.db;
    await db.updateTable("profiles").set({ full_name: '=HYPERLINK("http://evil")' }).where("id", "=", agentId).execute();
    await db
      .insertInto("properties")
      .values({
        id: "prop-r",
        agent_id: agentId,
        title: "Room",
        property_type: "room",
        neighbourhood: "Molyko",
        latitude: 4.15,
        longitude: 9.29,
        distance_to_campus_m: 300,
        monthly_rent: 25000,
        hidden_at: null,
        visiting_hours: null,
        availability_confirmed_at: null,
        created_at: STAMP,
        updated_at: STAMP,
      })
      .execute();
    await db
      .insertInto("properties")
      .values({
        id: "prop-o",
        agent_id: otherAgentId,
        title: "Studio",
        property_type: "studio",
        neighbourhood: "Molyko",
        latitude: 4.15,
        longitude: 9.29,
        distance_to_campus_m: 300,
        monthly_rent: 30000,
        hidden_at: null,
        visiting_hours: null,
        availability_confirmed_at: null,
        created_at: STAMP,
        updated_at: STAMP,
      })
      .execute();
    for (const id of ["c-1", "c-2", "c-3"]) {
      const prop = id === "c-3" ? "prop-o" : "prop-r";
      const agent = id === "c-3" ? otherAgentId : agentId;
      await db
        .insertInto("bookings")
        .values({
          id: `b-${id}`,
          property_id: prop,
          student_id: agentId,
          visitor_name: "V",
          visitor_email: "v@x.cm",
          visitor_phone: "677123456",
          visit_date: `2026-11-0${id.slice(-1)}`,
          visit_time: "9:00 AM",
          payment_amount: 0,
          fee_type: "student_rental",
          payment_status: "confirmed",
          booking_status: "confirmed",
          booking_reference: `KN-${id}`,
          hold_expires_at: null,
          payment_id: null,
          viewing_outcome: "confirmed",
          viewing_recorded_at: STAMP,
          created_at: STAMP,
          updated_at: STAMP,
        })
        .execute();
      await db
        .insertInto("commission_earnings")
        .values({
          id,
          agent_id: agent,
          property_id: prop,
          booking_id: `b-${id}`,
          amount: 5000,
          type: "visitation",
          date: STAMP,
          status: "pending",
          paid_date: null,
          student_id: null,
          period_key: null,
          voided_at: null,
          voided_by: null,
          void_reason: null,
          payout_reference: null,
        })
        .execute();
    }
  });
  afterAll(() => h.close());

  const statuses = async () =>
    (await h.database.db.selectFrom("commission_earnings").select(["id", "status"]).orderBy("id").execute()).map(
      (r) => `${r.id}:${r.status}`,
    );
  const auditActions = async () =>
    (await h.database.db.selectFrom("audit_log").select("action").where("action", "like", "admin.%").execute()).map((r) => r.action).sort();

  it("exports the payout table as a formula-safe CSV attachment", async () => {
    const r = await h.get(csvRoute, "/admin/reports/csv/payout", { jar: admin, params: { table: "payout" } });
    expect(r.status).toBe(200);
    expect(r.headers.get("Content-Disposition")).toMatch(/^attachment; filename="kamernest-payout-/);
    // The body: the loader called directly with the admin's cookie.
    const request = new Request("http://localhost:3000/admin/reports/csv/payout", { headers: { Cookie: admin.header() ?? "" } });
    const response = (await csvRoute.loader({ request, context: h.context, params: { table: "payout" } })) as Response;
    const body = await response.text();
    expect(body.split("\r\n")[0]).toBe('"commission_id","earned_at","agent_id","agent_name","property","amount_xaf"');
    expect(body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect((await h.get(csvRoute, "/admin/reports/csv/nope", { jar: admin, params: { table: "nope" } })).status).toBe(404);
  });

  it("refuses bad input and a student's crafted post, writing nothing", async () => {
    expect(
      (await h.post(reportsRoute, "/admin/reports", { intent: "void", commissionId: "c-1", reason: "  " }, { jar: admin })).status,
    ).toBe(400);
    expect(
      (await h.post(reportsRoute, "/admin/reports", { intent: "void", commissionId: "missing", reason: "x" }, { jar: admin })).status,
    ).toBe(404);
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect(
      (
        await h.post(
          reportsRoute,
          "/admin/reports",
          { intent: "payout", agentId, asOf: new Date().toISOString(), paidOn: future, reference: "R1", confirmed: "yes" },
          { jar: admin },
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await h.post(
          reportsRoute,
          "/admin/reports",
          { intent: "payout", agentId, asOf: "yesterday", paidOn: "2026-11-01", reference: "R1", confirmed: "yes" },
          { jar: admin },
        )
      ).status,
    ).toBe(400);
    // Marking paid asks for confirmation (a required checkbox, issue 33).
    const unconfirmed = await h.post(
      reportsRoute,
      "/admin/reports",
      { intent: "payout", agentId, asOf: new Date().toISOString(), paidOn: "2026-11-01", reference: "R1" },
      { jar: admin },
    );
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.data).toMatchObject({ result: { error: { confirmed: ["admin-stats:errors.confirmPayout"] } } });
    const noAgent = await h.post(
      reportsRoute,
      "/admin/reports",
      { intent: "payout", asOf: new Date().toISOString(), paidOn: "2026-11-01", reference: "R1", confirmed: "yes" },
      { jar: admin },
    );
    expect(noAgent.status).toBe(400);
    const unknownAgent = await h.post(
      reportsRoute,
      "/admin/reports",
      { intent: "payout", agentId: "nobody", asOf: new Date().toISOString(), paidOn: "2026-11-01", reference: "R1", confirmed: "yes" },
      { jar: admin },
    );
    expect(unknownAgent.status).toBe(400);
    expect(unknownAgent.data).toMatchObject({
      intent: "payout",
      agentId: "nobody",
      result: { error: { "": ["No commission is waiting for payout: nothing was marked paid."] } },
    });
    expect(
      (await h.post(reportsRoute, "/admin/reports", { intent: "void", commissionId: "c-1", reason: "mine" }, { jar: student })).location,
    ).toBe("/admin/unauthorized");
    expect(await statuses()).toEqual(["c-1:pending", "c-2:pending", "c-3:pending"]);
    expect(await auditActions()).toEqual([]);
  });

  it("lists the pending commissions with their agent, which each agent's Mark paid form posts", async () => {
    const page = await h.get(reportsRoute, "/admin/reports", { jar: admin });
    expect(page.status).toBe(200);
    const pending = page.data.pending as { id: string; agentId: string }[];
    expect(pending.map((p) => `${p.id}:${p.agentId === agentId ? "a" : p.agentId === otherAgentId ? "o" : "?"}`).sort()).toEqual([
      "c-1:a",
      "c-2:a",
      "c-3:o",
    ]);
  });

  it("voids one (the no-JavaScript page first), pays that agent's rest with its reference while the other agent's waits, and audits both", async () => {
    expect((await h.get(voidPage, "/admin/reports/void/c-1", { jar: admin, params: { id: "c-1" } })).status).toBe(200);
    const voided = await h.post(
      reportsRoute,
      "/admin/reports",
      { intent: "void", commissionId: "c-1", reason: "Duplicate" },
      { jar: admin },
    );
    expect(voided.location).toBe("/admin/reports#payout");
    expect((await h.get(voidPage, "/admin/reports/void/c-1", { jar: admin, params: { id: "c-1" } })).status).toBe(404);
    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    const paid = await h.post(
      reportsRoute,
      "/admin/reports",
      { intent: "payout", agentId, asOf: new Date().toISOString(), paidOn: today, reference: "MOMO-9", confirmed: "yes" },
      { jar: admin },
    );
    expect(paid.location).toBe("/admin/reports#payout");
    expect(await statuses()).toEqual(["c-1:voided", "c-2:paid", "c-3:pending"]);
    expect(await auditActions()).toEqual(["admin.commission_voided", "admin.payout_marked_paid"]);
    const again = await h.post(
      reportsRoute,
      "/admin/reports",
      { intent: "payout", agentId, asOf: new Date().toISOString(), paidOn: today, reference: "MOMO-10", confirmed: "yes" },
      { jar: admin },
    );
    expect(again.status).toBe(400);
    const other = await h.post(
      reportsRoute,
      "/admin/reports",
      { intent: "payout", agentId: otherAgentId, asOf: new Date().toISOString(), paidOn: today, reference: "MOMO-11", confirmed: "yes" },
      { jar: admin },
    );
    expect(other.location).toBe("/admin/reports#payout");
    const refs = await h.database.db.selectFrom("commission_earnings").select(["id", "payout_reference"]).orderBy("id").execute();
    expect(refs.map((r) => `${r.id}:${r.payout_reference ?? ""}`)).toEqual(["c-1:", "c-2:MOMO-9", "c-3:MOMO-11"]);
  });
});
