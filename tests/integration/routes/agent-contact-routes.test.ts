// The agent's direct number, tried as an attacker (issue 32, docs/decisions/0201): a visitor, a
// student without a booking and a student whose booking is only held never get it, not even in the
// page's data; a student with a booked visit on the listing does, and so does the agent. The
// agents' directory, ranking and profile pages never carry it for others.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as bookVisitRoute from "~/routes/book-visit.$id";
import * as propertyRoute from "~/routes/property.$id";
import * as listingRoute from "~/routes/listings+/$id";
import * as agentProfileRoute from "~/routes/agent+/$id";
import * as agentsRoute from "~/routes/agents+/_index";
import * as topRatedRoute from "~/routes/agents+/top-rated";
import { addDays, doualaDate } from "#domain/booking/visit-date";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";

const STAMP = new Date().toISOString();
const NUMBER = /670000000/; // the test agent's business phone, +237670000000, in any form

describe("who gets the agent's direct number", () => {
  let h: RouteHarness;
  let propertyId: string;
  let agent: { id: string };

  beforeAll(async () => {
    h = await createRouteHarness({ kind: "sqlite" });
    agent = await createPersona(h, "approvedAgent");
    propertyId = `prop-${Math.random().toString(36).slice(2, 10)}`;
    await h.database.db
      .insertInto("properties")
      .values({
        id: propertyId,
        // Public listings have a photo (decision 0231); the count is what the rule reads.
        photo_count: 1,
        agent_id: agent.id,
        title: "Studio in Molyko",
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
  });
  afterAll(async () => {
    await h?.close();
  });

  const page = (jar?: CookieJar) => h.get(propertyRoute, `/property/${propertyId}`, { jar, params: { id: propertyId } });

  async function studentWithBooking(time: string): Promise<{ jar: CookieJar; reference: string }> {
    const s = await createPersona(h, "student");
    const jar = await signedInJar(h, s.id);
    const form = {
      visitDate: addDays(doualaDate(new Date()), 2),
      visitTime: time,
      visitorName: "Ngozi Ekane",
      visitorEmail: "ngozi@example.cm",
      visitorPhone: "677123456",
      message: "",
    };
    const r = await h.post(bookVisitRoute, `/book-visit/${propertyId}`, form, { jar, params: { id: propertyId } });
    expect(r.status).toBe(302);
    return { jar, reference: /KN-[A-Z0-9]+/.exec(r.location ?? "")![0] };
  }

  it("a visitor gets no number, in the page's data or anywhere else, and is told how to reach the agent", async () => {
    for (const r of [page(), h.get(listingRoute, `/listings/${propertyId}`, { params: { id: propertyId } })]) {
      const res = await r;
      expect(res.status).toBe(200);
      expect(res.data.property.agent).toMatchObject({ phone: null, whatsapp: null, numberHidden: true });
      expect(JSON.stringify(res.data)).not.toMatch(NUMBER);
    }
  });

  it("another student, and a student whose booking is only held (unpaid), get no number", async () => {
    const other = await createPersona(h, "student");
    const otherPage = await page(await signedInJar(h, other.id));
    expect(JSON.stringify(otherPage.data)).not.toMatch(NUMBER);
    const held = await studentWithBooking("9:00 AM");
    expect(JSON.stringify((await page(held.jar)).data)).not.toMatch(NUMBER);
  });

  it("a student with a booked (paid) visit on the listing gets it; a cancelled one no longer does", async () => {
    const booked = await studentWithBooking("10:00 AM");
    await h.database.db
      .updateTable("bookings")
      .set({ booking_status: "confirmed", payment_status: "confirmed" })
      .where("booking_reference", "=", booked.reference)
      .execute();
    const mine = await page(booked.jar);
    expect(mine.data.property.agent).toMatchObject({ phone: "+237670000000", whatsapp: "237670000000", numberHidden: false });
    await h.database.db
      .updateTable("bookings")
      .set({ booking_status: "cancelled" })
      .where("booking_reference", "=", booked.reference)
      .execute();
    expect(JSON.stringify((await page(booked.jar)).data)).not.toMatch(NUMBER);
  });

  it("the agent sees their own number; the directory, ranking and profile pages show it to nobody else", async () => {
    const own = await page(await signedInJar(h, agent.id));
    expect(own.data.property.agent.phone).toBe("+237670000000");
    const profile = await h.get(agentProfileRoute, `/agent/${agent.id}`, { params: { id: agent.id } });
    expect(profile.status).toBe(200);
    expect(JSON.stringify(profile.data)).not.toMatch(NUMBER);
    const directory = await h.get(agentsRoute, "/agents");
    expect(JSON.stringify(directory.data)).not.toMatch(NUMBER);
    const ranked = await h.get(topRatedRoute, "/agents/top-rated");
    expect(JSON.stringify(ranked.data)).not.toMatch(NUMBER);
  });
});
