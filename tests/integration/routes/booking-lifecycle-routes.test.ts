// The visit lifecycle's pages through their loaders and actions on a real database (decision
// 0117): the agent's answer, the student's answer, cancel and move; ownership on every loader and
// action (another agent, another student: 404 and nothing changed), unapproved agents kept out, and
// fuzzed forms that never answer 500 nor store an invalid row.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentBookingsRoute from "~/routes/agents+/bookings";
import * as declineRoute from "~/routes/agents+/bookings_.$id.decline";
import * as proposeRoute from "~/routes/agents+/bookings_.$id.propose";
import * as bookVisitRoute from "~/routes/book-visit.$id";
import * as profileRoute from "~/routes/profile";
import * as cancelRoute from "~/routes/profile_.bookings.$id.cancel";
import * as rescheduleRoute from "~/routes/profile_.bookings.$id.reschedule";
import { addDays, doualaDate } from "#domain/booking/visit-date";
import { DAY_MS } from "#domain/shared/clock";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";

const STAMP = new Date().toISOString();
const day = (n: number) => addDays(doualaDate(new Date()), n);

async function addListing(h: RouteHarness, agentId: string, title: string): Promise<string> {
  const id = `prop-${Math.random().toString(36).slice(2, 10)}`;
  await h.database.db
    .insertInto("properties")
    .values({
      id,
      agent_id: agentId,
      title,
      property_type: "studio",
      neighbourhood: "Molyko",
      latitude: 4.15,
      longitude: 9.29,
      distance_to_campus_m: 300,
      monthly_rent: 35000,
      is_verified: 1,
      is_available: 1,
      status: "available",
      hidden_at: null,
      visiting_hours: JSON.stringify({ days: ["sun", "mon", "tue", "wed", "thu", "fri", "sat"], from: "09:00", to: "17:00" }),
      availability_confirmed_at: null,
      created_at: STAMP,
      updated_at: STAMP,
    })
    .execute();
  return id;
}

async function subscribedStudent(h: RouteHarness): Promise<{ id: string; jar: CookieJar }> {
  const s = await createPersona(h, "student");
  const now = new Date();
  await h.services.money.subscriptions.subscriptions.insertSubscription({
    id: `sub-${s.id}`,
    userId: s.id,
    paymentId: null,
    startsAt: now,
    endsAt: new Date(now.getTime() + 14 * DAY_MS),
    createdAt: now,
  });
  return { id: s.id, jar: await signedInJar(h, s.id) };
}

/** Books a covered (confirmed) visit through the route; answers the booking id. */
async function book(h: RouteHarness, jar: CookieJar, propertyId: string, visitDate: string, visitTime: string): Promise<string> {
  const form = {
    visitDate,
    visitTime,
    visitorName: "Ngozi Ekane",
    visitorEmail: "ngozi@example.cm",
    visitorPhone: "677123456",
    message: "",
  };
  const toldBeforeR = h.publicPageChanges();
  const r = await h.post(bookVisitRoute, `/book-visit/${propertyId}`, form, { jar, params: { id: propertyId } });
  expect(r.location, JSON.stringify(r.data)).toBe("/profile");
  // No visitor's page shows a booking: the visitors' page cache stays warm (decision 0142).
  expect(h.publicPageChanges() - toldBeforeR).toBe(0);
  const row = await h.database.db
    .selectFrom("bookings")
    .select("id")
    .where("property_id", "=", propertyId)
    .where("visit_date", "=", visitDate)
    .where("visit_time", "=", visitTime)
    .where("booking_status", "=", "confirmed")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("the visit lifecycle's routes", () => {
  let h: RouteHarness;
  let agentJar: CookieJar;
  let otherAgentJar: CookieJar;
  let propertyId: string;
  let otherPropertyId: string;
  let s1: { id: string; jar: CookieJar };
  let s2: { id: string; jar: CookieJar };

  const row = (id: string) => h.database.db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  // The lifecycle's notices: booking itself queues booking_confirmed to both sides (tested with the notices).
  const notices = (id: string) =>
    h.database.db
      .selectFrom("booking_notices")
      .select(["kind", "recipient"])
      .where("booking_id", "=", id)
      .where("kind", "!=", "booking_confirmed")
      .orderBy("created_at")
      .orderBy("id")
      .execute();

  beforeAll(async () => {
    h = await createRouteHarness();
    const agent = await createPersona(h, "approvedAgent");
    const other = await createPersona(h, "approvedAgent");
    agentJar = await signedInJar(h, agent.id);
    otherAgentJar = await signedInJar(h, other.id);
    propertyId = await addListing(h, agent.id, "Studio in Molyko");
    otherPropertyId = await addListing(h, other.id, "Room in Bonduma");
    s1 = await subscribedStudent(h);
    s2 = await subscribedStudent(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("lists the agent's paid bookings with filters, 10 a page", async () => {
    const id = await book(h, s1.jar, propertyId, day(5), "9:00 AM");
    await book(h, s2.jar, otherPropertyId, day(5), "9:00 AM");
    const all = await h.get(agentBookingsRoute, "/agents/bookings", { jar: agentJar });
    expect(all.data.bookings.map((b: { id: string }) => b.id)).toEqual([id]);
    expect(all.data.properties).toEqual([{ id: propertyId, title: "Studio in Molyko" }]);
    expect((await h.get(agentBookingsRoute, "/agents/bookings?status=awaiting", { jar: agentJar })).data.total).toBe(1);
    expect((await h.get(agentBookingsRoute, "/agents/bookings?status=accepted", { jar: agentJar })).data.total).toBe(0);
    expect((await h.get(agentBookingsRoute, `/agents/bookings?date=${day(6)}`, { jar: agentJar })).data.total).toBe(0);
    // Another agent's property as a filter shows nothing of theirs.
    expect((await h.get(agentBookingsRoute, `/agents/bookings?property=${otherPropertyId}`, { jar: agentJar })).data.total).toBe(0);
    // Malformed filters are ignored, not a 500.
    expect(
      (await h.get(agentBookingsRoute, "/agents/bookings?status=%00&date=2026-02-31&page=-4&property=%00", { jar: agentJar })).status,
    ).toBe(200);
  });

  it("keeps unapproved agents and students out of the agent's screens", async () => {
    const pending = await signedInJar(h, (await createPersona(h, "pendingAgent")).id);
    const r = await h.get(agentBookingsRoute, "/agents/bookings", { jar: pending });
    expect(r.location).toBe("/auth/agent-verification");
    const p = await h.post(agentBookingsRoute, "/agents/bookings", { intent: "accept", bookingId: "x" }, { jar: pending });
    expect(p.location).toBe("/auth/agent-verification");
    expect((await h.get(proposeRoute, "/agents/bookings/x/propose", { jar: s1.jar, params: { id: "x" } })).location).toBe(
      "/agents/unauthorized",
    );
  });

  it("another agent reaches none of the agent's actions: 404, nothing changed", async () => {
    const s1 = await subscribedStudent(h);
    const id = await book(h, s1.jar, propertyId, day(4), "10:00 AM");
    const before = await row(id);
    const opts = { jar: otherAgentJar, params: { id } };
    expect((await h.post(agentBookingsRoute, "/agents/bookings", { intent: "accept", bookingId: id }, { jar: otherAgentJar })).status).toBe(
      404,
    );
    expect((await h.get(proposeRoute, `/agents/bookings/${id}/propose`, opts)).status).toBe(404);
    expect((await h.post(proposeRoute, `/agents/bookings/${id}/propose`, { visitDate: day(6), visitTime: "2:00 PM" }, opts)).status).toBe(
      404,
    );
    expect((await h.get(declineRoute, `/agents/bookings/${id}/decline`, opts)).status).toBe(404);
    expect((await h.post(declineRoute, `/agents/bookings/${id}/decline`, { reason: "The room was let" }, opts)).status).toBe(404);
    expect(await row(id)).toEqual(before);
    expect(await notices(id)).toEqual([]);
  });

  it("another student reaches none of the student's actions: 404, nothing changed", async () => {
    const s1 = await subscribedStudent(h);
    const id = await book(h, s1.jar, propertyId, day(4), "11:00 AM");
    await h.post(
      proposeRoute,
      `/agents/bookings/${id}/propose`,
      { visitDate: day(6), visitTime: "3:00 PM" },
      { jar: agentJar, params: { id } },
    );
    const before = await row(id);
    const opts = { jar: s2.jar, params: { id } };
    expect((await h.get(cancelRoute, `/profile/bookings/${id}/cancel`, opts)).status).toBe(404);
    expect((await h.post(cancelRoute, `/profile/bookings/${id}/cancel`, { reason: "" }, opts)).status).toBe(404);
    expect((await h.get(rescheduleRoute, `/profile/bookings/${id}/reschedule`, opts)).status).toBe(404);
    expect(
      (await h.post(rescheduleRoute, `/profile/bookings/${id}/reschedule`, { visitDate: day(7), visitTime: "9:00 AM" }, opts)).status,
    ).toBe(404);
    expect((await h.post(profileRoute, "/profile", { intent: "proposal", bookingId: id, answer: "accept" }, { jar: s2.jar })).status).toBe(
      404,
    );
    expect(await row(id)).toEqual(before);
  });

  it("runs the whole lifecycle: propose, accept the proposal, move, decline; each side told", async () => {
    const s1 = await subscribedStudent(h);
    const id = await book(h, s1.jar, propertyId, day(3), "10:00 AM");
    const propose = await h.post(
      proposeRoute,
      `/agents/bookings/${id}/propose?date=${day(8)}`,
      { visitDate: day(8), visitTime: "2:00 PM" },
      { jar: agentJar, params: { id } },
    );
    expect(propose.location).toBe("/agents/bookings");
    expect(await row(id)).toMatchObject({
      agent_response: "proposed",
      proposed_visit_date: day(8),
      proposed_visit_time: "2:00 PM",
      visit_date: day(3),
    });
    const profile = await h.get(profileRoute, "/profile", { jar: s1.jar });
    expect(profile.data.money.bookings.find((b: { id: string }) => b.id === id)).toMatchObject({
      agentResponse: "proposed",
      proposedVisitDate: day(8),
      changeable: true,
    });

    const accept = await h.post(profileRoute, "/profile", { intent: "proposal", bookingId: id, answer: "accept" }, { jar: s1.jar });
    expect(accept.location).toBe("/profile#bookings");
    expect(await row(id)).toMatchObject({
      agent_response: "accepted",
      visit_date: day(8),
      visit_time: "2:00 PM",
      proposed_visit_date: null,
    });
    // A second answer: nothing left to answer (409), nothing changed.
    expect((await h.post(profileRoute, "/profile", { intent: "proposal", bookingId: id, answer: "decline" }, { jar: s1.jar })).status).toBe(
      409,
    );

    const taken = await book(h, s2.jar, propertyId, day(9), "9:00 AM");
    expect(
      (
        await h.post(
          rescheduleRoute,
          `/profile/bookings/${id}/reschedule`,
          { visitDate: day(9), visitTime: "9:00 AM" },
          { jar: s1.jar, params: { id } },
        )
      ).status,
    ).toBe(409);
    const move = await h.post(
      rescheduleRoute,
      `/profile/bookings/${id}/reschedule`,
      { visitDate: day(9), visitTime: "11:00 AM" },
      { jar: s1.jar, params: { id } },
    );
    expect(move.location).toBe("/profile#bookings");
    expect(await row(id)).toMatchObject({ visit_date: day(9), visit_time: "11:00 AM", agent_response: "awaiting" });

    const noReason = await h.post(declineRoute, `/agents/bookings/${id}/decline`, { reason: "  " }, { jar: agentJar, params: { id } });
    expect(noReason.status).toBe(400);
    expect(noReason.data.formError).toMatch(/reason/i);
    expect((await row(id)).booking_status).toBe("confirmed");
    const decline = await h.post(
      declineRoute,
      `/agents/bookings/${id}/decline`,
      { reason: "The studio has been let" },
      { jar: agentJar, params: { id } },
    );
    expect(decline.location).toBe("/agents/bookings");
    expect(await row(id)).toMatchObject({
      booking_status: "cancelled",
      agent_response: "declined",
      cancelled_by: "agent",
      cancel_reason: "The studio has been let",
    });
    // Declined: the student can no longer cancel it.
    expect((await h.post(cancelRoute, `/profile/bookings/${id}/cancel`, {}, { jar: s1.jar, params: { id } })).status).toBe(409);

    expect(await notices(id)).toEqual([
      { kind: "visit_time_proposed", recipient: "student" },
      { kind: "proposal_answered", recipient: "agent" },
      { kind: "visit_rescheduled", recipient: "agent" },
      { kind: "visit_declined", recipient: "student" },
    ]);
    expect(await notices(taken)).toEqual([]);
  });

  it("the student cancels after the no-refund confirmation; the subscription stays", async () => {
    const s1 = await subscribedStudent(h);
    const id = await book(h, s1.jar, propertyId, day(2), "4:00 PM");
    const page = await h.get(cancelRoute, `/profile/bookings/${id}/cancel`, { jar: s1.jar, params: { id } });
    expect(page.status).toBe(200);
    const r = await h.post(cancelRoute, `/profile/bookings/${id}/cancel`, { reason: "Found a room" }, { jar: s1.jar, params: { id } });
    expect(r.location).toBe("/profile#bookings");
    expect(await row(id)).toMatchObject({ booking_status: "cancelled", cancelled_by: "student", cancel_reason: "Found a room" });
    expect(await notices(id)).toEqual([{ kind: "booking_cancelled", recipient: "agent" }]);
    const profile = await h.get(profileRoute, "/profile", { jar: s1.jar });
    expect(profile.data.money.subscription.active).toBe(true);
  });

  it("fuzzed forms to every new action: never a 500, never an invalid row", async () => {
    const s1 = await subscribedStudent(h);
    const id = await book(h, s1.jar, propertyId, day(10), "10:00 AM");
    const field = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(day(11), day(0), "2026-02-31", "9:00 AM", "6:00 PM", "\u0000", "x".repeat(600)),
    );
    await fc.assert(
      fc.asyncProperty(
        field,
        field,
        fc.constantFrom("propose", "decline", "accept", "cancel", "reschedule", "proposal"),
        async (a, b, which) => {
          const agent = { jar: agentJar.clone(), params: { id } };
          const student = { jar: s1.jar.clone(), params: { id } };
          const r =
            which === "propose"
              ? await h.post(proposeRoute, `/agents/bookings/${id}/propose`, { visitDate: a, visitTime: b }, agent)
              : which === "decline"
                ? await h.post(declineRoute, `/agents/bookings/${id}/decline`, { reason: a }, agent)
                : which === "accept"
                  ? await h.post(agentBookingsRoute, "/agents/bookings", { intent: a, bookingId: b }, { jar: agentJar.clone() })
                  : which === "cancel"
                    ? await h.post(cancelRoute, `/profile/bookings/${id}/cancel`, { reason: a }, student)
                    : which === "reschedule"
                      ? await h.post(rescheduleRoute, `/profile/bookings/${id}/reschedule`, { visitDate: a, visitTime: b }, student)
                      : await h.post(profileRoute, "/profile", { intent: "proposal", bookingId: a, answer: b }, { jar: s1.jar.clone() });
          expect(r.status, `${which} ${JSON.stringify([a, b])}`).toBeLessThan(500);
          const rows = await h.database.db.selectFrom("bookings").selectAll().where("property_id", "=", propertyId).execute();
          for (const x of rows) {
            expect(["awaiting", "accepted", "proposed", "declined"]).toContain(x.agent_response);
            expect(x.agent_response === "proposed").toBe(x.proposed_visit_date !== null && x.proposed_visit_time !== null);
            expect(/^\d{4}-\d{2}-\d{2}$/.test(x.visit_date) && /^\d{1,2}:\d{2} (AM|PM)$/.test(x.visit_time)).toBe(true);
            if (x.cancel_reason !== null) expect(x.cancel_reason.length).toBeLessThanOrEqual(500);
            if (x.agent_response === "declined") expect(x.cancel_reason!.length).toBeGreaterThanOrEqual(3);
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
