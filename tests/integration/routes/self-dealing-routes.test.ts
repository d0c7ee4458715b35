// Decision 0108 through the routes: an attacker with an agent account and a second (student)
// account, crafting requests, gets a clear, translated 4xx and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as bookVisitRoute from "~/routes/book-visit.$id";
import * as confirmViewingRoute from "~/routes/confirm-viewing";
import * as agentRoute from "~/routes/agent+/$id";
import * as listingPage from "~/routes/listings+/$id";
import { addDays, doualaDate } from "#domain/booking/visit-date";
import { databaseKinds } from "../../support/test-database";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";

const STAMP = new Date().toISOString();
const day = (n: number) => addDays(doualaDate(new Date()), n);
const rand = () => Math.random().toString(36).slice(2, 10);

async function addListing(h: RouteHarness, agentId: string): Promise<string> {
  const propertyId = `prop-${rand()}`;
  await h.database.db
    .insertInto("properties")
    .values({
      id: propertyId,
      agent_id: agentId,
      title: "Room in Bomaka",
      property_type: "room",
      neighbourhood: "Bomaka",
      latitude: 4.15,
      longitude: 9.29,
      distance_to_campus_m: 900,
      monthly_rent: 20000,
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
  return propertyId;
}

/** A confirmed booking whose visit is today (so its outcome can be recorded), written directly. */
async function dueBooking(
  h: RouteHarness,
  propertyId: string,
  studentId: string,
  viewingOutcome: "confirmed" | null = null,
): Promise<string> {
  const id = `bk-${rand()}`;
  await h.database.db
    .insertInto("bookings")
    .values({
      id,
      property_id: propertyId,
      student_id: studentId,
      visitor_name: "Visitor",
      visitor_email: "visitor@example.cm",
      visitor_phone: "677123456",
      visit_date: doualaDate(new Date()),
      visit_time: "9:00 AM",
      message: "",
      payment_amount: 0,
      fee_type: "student_rental",
      payment_status: "confirmed",
      booking_status: "confirmed",
      booking_reference: `KN-${rand().slice(0, 6).toUpperCase()}`,
      hold_expires_at: null,
      payment_id: null,
      viewing_outcome: viewingOutcome,
      viewing_recorded_at: viewingOutcome ? STAMP : null,
      created_at: STAMP,
      updated_at: STAMP,
    })
    .execute();
  return id;
}

function visitForm(over: Record<string, string> = {}) {
  return {
    visitDate: day(1),
    visitTime: "10:00 AM",
    visitorName: "Eric Fon",
    visitorEmail: "eric@example.cm",
    visitorPhone: "677123456",
    ...over,
  };
}

async function signedIn(h: RouteHarness, persona: "student" | "approvedAgent"): Promise<{ id: string; jar: CookieJar }> {
  const p = await createPersona(h, persona);
  return { id: p.id, jar: await signedInJar(h, p.id) };
}

const count = async (
  h: RouteHarness,
  table: "bookings" | "commission_earnings" | "reviews" | "listing_reports",
  column: "student_id" | "reporter_id",
  id: string,
) =>
  (
    await h.database.db
      .selectFrom(table)
      .select("id")
      .where(column as never, "=", id as never)
      .execute()
  ).length;

describe.each(databaseKinds())("self-dealing through the routes (%s)", (kind) => {
  let h: RouteHarness;
  beforeAll(async () => {
    h = await createRouteHarness({ kind });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("refuses an agent booking their own listing: 403, translated, nothing stored", async () => {
    const agent = await signedIn(h, "approvedAgent");
    const propertyId = await addListing(h, agent.id);
    const r = await h.post(bookVisitRoute, `/book-visit/${propertyId}`, visitForm(), { jar: agent.jar, params: { id: propertyId } });
    expect(r.status).toBe(403);
    expect(r.data.error[""]).toEqual(["You cannot book a visit to your own listing."]);
    const fr = await h.post(bookVisitRoute, `/book-visit/${propertyId}?lng=fr`, visitForm(), {
      jar: agent.jar,
      params: { id: propertyId },
    });
    expect(fr.data.error[""]).toEqual(["Vous ne pouvez pas réserver une visite de votre propre annonce."]);
    expect(await count(h, "bookings", "student_id", agent.id)).toBe(0);
  });

  it("holds a student to one live booking per property (409) and 3 live bookings (429)", async () => {
    const agent = await createPersona(h, "approvedAgent");
    const listings = [
      await addListing(h, agent.id),
      await addListing(h, agent.id),
      await addListing(h, agent.id),
      await addListing(h, agent.id),
    ];
    const s = await signedIn(h, "student");
    for (const id of listings.slice(0, 3)) {
      const r = await h.post(bookVisitRoute, `/book-visit/${id}`, visitForm(), { jar: s.jar, params: { id } });
      expect(r.status, JSON.stringify(r.data)).toBe(302);
    }
    const again = await h.post(bookVisitRoute, `/book-visit/${listings[0]}`, visitForm({ visitTime: "11:00 AM" }), {
      jar: s.jar,
      params: { id: listings[0] },
    });
    expect(again.status).toBe(409);
    expect(again.data.error[""]).toEqual(["You already have a visit booked for this property."]);
    const fourth = await h.post(bookVisitRoute, `/book-visit/${listings[3]}`, visitForm(), { jar: s.jar, params: { id: listings[3] } });
    expect(fourth.status).toBe(429);
    expect(fourth.data.error[""]).toEqual([
      "You already have 3 visits booked or awaiting payment. You can book another once one of them has taken place.",
    ]);
    expect(await count(h, "bookings", "student_id", s.id)).toBe(3);
  });

  it("pays one commission per student and agent in a period, however many viewings the student confirms", async () => {
    const agent = await createPersona(h, "approvedAgent");
    const second = await signedIn(h, "student"); // the agent's second account
    const bookings = [];
    for (let i = 0; i < 3; i++) bookings.push(await dueBooking(h, await addListing(h, agent.id), second.id));
    for (const bookingId of bookings) {
      const r = await h.post(confirmViewingRoute, "/confirm-viewing", { bookingId, outcome: "confirmed" }, { jar: second.jar });
      expect(r.status).toBe(302);
    }
    const earnings = await h.database.db.selectFrom("commission_earnings").selectAll().where("agent_id", "=", agent.id).execute();
    expect(earnings).toHaveLength(1);
    expect(earnings[0]).toMatchObject({ student_id: second.id, status: "pending" });
  });

  it("refuses confirming a visit to one's own listing (an old booking): 403, nothing recorded", async () => {
    const agent = await signedIn(h, "approvedAgent");
    const bookingId = await dueBooking(h, await addListing(h, agent.id), agent.id);
    // The page does not offer it (the same rule as the use case, decision 0124)…
    const page = await h.get(confirmViewingRoute, "/confirm-viewing", { jar: agent.jar });
    expect(page.data.due.map((b: { id: string }) => b.id)).not.toContain(bookingId);
    // …and a crafted request is refused.
    const r = await h.post(confirmViewingRoute, "/confirm-viewing", { bookingId, outcome: "confirmed" }, { jar: agent.jar });
    expect(r.status).toBe(403);
    expect(r.data.result.error[""]).toEqual(["You cannot confirm a visit to your own listing."]);
    expect(await count(h, "commission_earnings", "student_id", agent.id)).toBe(0);
    const row = await h.database.db.selectFrom("bookings").select("viewing_outcome").where("id", "=", bookingId).executeTakeFirstOrThrow();
    expect(row.viewing_outcome).toBeNull();
  });

  it("refuses an agent rating themselves: 403, translated, no review", async () => {
    const agent = await signedIn(h, "approvedAgent");
    const bookingId = await dueBooking(h, await addListing(h, agent.id), agent.id, "confirmed");
    const r = await h.post(
      agentRoute,
      `/agent/${agent.id}`,
      { intent: "review", bookingId, rating: "5", comment: "Best agent in Buea" },
      { jar: agent.jar, params: { id: agent.id } },
    );
    expect(r.status).toBe(403);
    expect(r.data.formError).toBe("Agents cannot review themselves or answer their own reviews.");
    expect(await count(h, "reviews", "student_id", agent.id)).toBe(0);
  });

  it("does not let two new accounts hide a listing, and limits one user to 5 reports a day (429)", async () => {
    const agent = await createPersona(h, "approvedAgent");
    const target = await addListing(h, agent.id);
    for (let i = 0; i < 2; i++) {
      const fresh = await signedIn(h, "student"); // created just now: not yet trusted
      const r = await h.post(
        listingPage,
        `/listings/${target}`,
        { intent: "report", reason: "scam" },
        { params: { id: target }, jar: fresh.jar },
      );
      expect(r.status).toBe(302);
    }
    const shown = await h.database.db.selectFrom("properties").select("hidden_at").where("id", "=", target).executeTakeFirstOrThrow();
    expect(shown.hidden_at).toBeNull();

    const reporter = await signedIn(h, "student");
    const others = [];
    for (let i = 0; i < 6; i++) others.push(await addListing(h, agent.id));
    for (const id of others.slice(0, 5)) {
      expect(
        (await h.post(listingPage, `/listings/${id}`, { intent: "report", reason: "scam" }, { params: { id }, jar: reporter.jar })).status,
      ).toBe(302);
    }
    const sixth = await h.post(
      listingPage,
      `/listings/${others[5]}`,
      { intent: "report", reason: "scam" },
      { params: { id: others[5] }, jar: reporter.jar },
    );
    expect(sixth.status).toBe(429);
    expect(sixth.data.formError).toBe("You have sent 5 reports in the last 24 hours. Please try again tomorrow.");
    expect(await count(h, "listing_reports", "reporter_id", reporter.id)).toBe(5);
  });
});
