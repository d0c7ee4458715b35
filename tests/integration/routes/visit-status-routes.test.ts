// One status for a visit booking (issue 32, docs/decisions/0200), as the student's pages show it:
// the payment result page and /profile agree, paid is "waiting for the agent" (not "confirmed")
// until the agent accepts, and a visit marked done never says "waiting". Booking without a
// subscription holds the time (no "success" toast); a failed payment names the property and number.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as bookVisitRoute from "~/routes/book-visit.$id";
import * as paymentRoute from "~/routes/payment.$id";
import * as paymentSuccessRoute from "~/routes/payment-success";
import * as checkoutRoute from "~/routes/simulated-checkout.$transId";
import * as agentBookingsRoute from "~/routes/agents+/bookings";
import * as profileRoute from "~/routes/profile";
import { addDays, doualaDate } from "#domain/booking/visit-date";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";

const STAMP = new Date().toISOString();
const day = (n: number) => addDays(doualaDate(new Date()), n);

describe("a visit's status on the student's pages", () => {
  let h: RouteHarness;
  let propertyId: string;
  let agentJar: CookieJar;

  beforeAll(async () => {
    h = await createRouteHarness({ kind: "sqlite" });
    const agent = await createPersona(h, "approvedAgent");
    agentJar = await signedInJar(h, agent.id);
    propertyId = `prop-${Math.random().toString(36).slice(2, 10)}`;
    await h.database.db
      .insertInto("properties")
      .values({
        id: propertyId,
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

  async function bookAndPay(jar: CookieJar, time: string, phone: string) {
    const form = {
      visitDate: day(2),
      visitTime: time,
      visitorName: "Ngozi Ekane",
      visitorEmail: "ngozi@example.cm",
      visitorPhone: "677123456",
      message: "",
    };
    const booked = await h.post(bookVisitRoute, `/book-visit/${propertyId}`, form, { jar, params: { id: propertyId } });
    expect(booked.status, JSON.stringify(booked.data)).toBe(302);
    const reference = /^\/payment\/(KN-[A-Z0-9]+)$/.exec(booked.location ?? "")![1];
    // Nothing is booked yet, only held while the student pays: no "submitted successfully".
    const session = await h.services.sessionStorage.getSession(jar.header());
    expect(session.get("toast")).toMatchObject({ kind: "info", title: "booking:toasts.held" });
    const r = await h.post(paymentRoute, `/payment/${reference}`, { method: "mtn_momo", phone }, { jar, params: { id: reference } });
    const transId = /\/simulated-checkout\/([A-Z0-9]+)$/.exec(r.location ?? "")![1];
    const back = await h.post(
      checkoutRoute,
      `/simulated-checkout/${transId}`,
      { intent: "approve", processed: "client" },
      { jar, params: { transId } },
    );
    return { reference, result: await h.get(paymentSuccessRoute, back.location!, { jar }) };
  }

  it("paid is waiting for the agent on the result page and /profile alike, confirmed once the agent accepts, done once visited", async () => {
    const s = await createPersona(h, "student");
    const jar = await signedInJar(h, s.id);
    const { reference, result } = await bookAndPay(jar, "10:00 AM", "670112233");
    expect(result.data.status).toBe("successful");
    expect(result.data.booking).toMatchObject({ reference, visitStatus: "awaiting_agent" });
    const profileStatus = async () => (await h.get(profileRoute, "/profile", { jar })).data.money.bookings[0].visitStatus;
    expect(await profileStatus()).toBe("awaiting_agent");

    const row = await h.database.db
      .selectFrom("bookings")
      .select("id")
      .where("booking_reference", "=", reference)
      .executeTakeFirstOrThrow();
    const accepted = await h.post(agentBookingsRoute, "/agents/bookings", { intent: "accept", bookingId: row.id }, { jar: agentJar });
    expect(accepted.status).toBeLessThan(400);
    expect(await profileStatus()).toBe("confirmed");
    expect((await h.get(paymentSuccessRoute, `/payment-success?ref=${result.data.reference}`, { jar })).data.booking.visitStatus).toBe(
      "confirmed",
    );

    // Marked done: never "waiting" again, even with the agent's answer still "awaiting".
    await h.database.db
      .updateTable("bookings")
      .set({ viewing_outcome: "confirmed", agent_response: "awaiting" })
      .where("id", "=", row.id)
      .execute();
    expect(await profileStatus()).toBe("visited");
  });

  it("a failed payment names the property, the amount and the number used", async () => {
    const s = await createPersona(h, "student");
    const jar = await signedInJar(h, s.id);
    const { result } = await bookAndPay(jar, "11:00 AM", "670000000");
    expect(result.data.status).toBe("failed");
    expect(result.data.booking.propertyTitle).toBe("Studio in Molyko");
    expect(result.data.failedWith).toEqual({ phone: "+237\u00a0670\u00a000\u00a000\u00a000" });
  });
});

describe("the booking form's first day (issue 32)", () => {
  let h: RouteHarness;
  afterAll(async () => {
    await h?.close();
  });

  it("opens on the first day the agent takes visits, shows the visiting days, and keeps a chosen date", async () => {
    h = await createRouteHarness({ kind: "sqlite" });
    const agent = await createPersona(h, "approvedAgent");
    const tomorrow = day(1);
    // The agent takes visits only three days from now (on that weekday).
    const weekday = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"][new Date(`${day(3)}T00:00:00Z`).getUTCDay()];
    const propertyId = `prop-${Math.random().toString(36).slice(2, 10)}`;
    await h.database.db
      .insertInto("properties")
      .values({
        id: propertyId,
        agent_id: agent.id,
        title: "Room in Bonduma",
        property_type: "room",
        neighbourhood: "Bonduma",
        latitude: 4.15,
        longitude: 9.29,
        distance_to_campus_m: 300,
        monthly_rent: 25000,
        is_verified: 1,
        is_available: 1,
        status: "available",
        hidden_at: null,
        visiting_hours: JSON.stringify({ days: [weekday], from: "14:00", to: "16:00" }),
        availability_confirmed_at: null,
        created_at: STAMP,
        updated_at: STAMP,
      })
      .execute();
    const s = await createPersona(h, "student");
    const jar = await signedInJar(h, s.id);
    const page = await h.get(bookVisitRoute, `/book-visit/${propertyId}`, { jar, params: { id: propertyId } });
    expect(page.status).toBe(200);
    expect(page.data.date).toBe(day(3));
    expect(page.data.date).not.toBe(tomorrow);
    expect(page.data.slots.map((x: { time: string }) => x.time)).toEqual(["2:00 PM", "3:00 PM", "4:00 PM"]);
    expect(page.data.visitingHours).toEqual({ days: [weekday], from: "14:00", to: "16:00" });
    // A day the student asked for is kept, even one without visits.
    const asked = await h.get(bookVisitRoute, `/book-visit/${propertyId}?date=${tomorrow}`, { jar, params: { id: propertyId } });
    expect(asked.data.date).toBe(tomorrow);
    expect(asked.data.slots).toEqual([]);
  });
});
