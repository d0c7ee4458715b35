// /agents/reports and /agents/reports.csv through their loaders on a real database: an agent sees
// only their own listings, the totals equal sums over the raw rows (queried here, by SQL), each
// period (7, 30, 90; anything else is 30) moves the window, the CSV's totals row is the page's,
// its cells are formula-safe, and opening a listing as a student counts one view a day (never the
// agent's own look).
import { afterAll, beforeAll, expect, it } from "vitest";
import * as reportsRoute from "~/routes/agents+/reports";
import * as reportsCsvRoute from "~/routes/agents+/reports[.]csv";
import * as listingRoute from "~/routes/listings+/$id";
import { addDays, doualaDate } from "#domain/booking/visit-date";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** RFC 4180 rows, enough for the files this route writes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

describeEachDatabase(allDatabaseKinds())("agent reports page and CSV (%s)", (kind) => {
  let h: RouteHarness;
  let mine: CookieJar;
  let rival: CookieJar;
  let student: CookieJar;
  let mineId: string;
  let rivalId: string;
  let studentId: string;
  const today = doualaDate(new Date());

  async function addProperty(id: string, agentId: string, title: string) {
    const now = new Date().toISOString();
    await h.database.db
      .insertInto("properties")
      .values({
        id,
        agent_id: agentId,
        title,
        // Public listings have a photo (decision 0231); the count is what the rule reads.
        photo_count: 1,
        property_type: "room",
        neighbourhood: "Molyko",
        latitude: 4.15,
        longitude: 9.29,
        distance_to_campus_m: 300,
        monthly_rent: 25000,
        status: "available",
        is_available: 1,
        hidden_at: null,
        visiting_hours: null,
        availability_confirmed_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  let n = 0;
  async function addBooking(
    propertyId: string,
    ageMs: number,
    over: { payment_status?: string; booking_status?: string; outcomeAgeMs?: number } = {},
  ) {
    n++;
    const created = new Date(Date.now() - ageMs).toISOString();
    await h.database.db
      .insertInto("bookings")
      .values({
        id: `b-${n}`,
        property_id: propertyId,
        student_id: studentId,
        visitor_name: "Ngozi Ekane",
        visitor_email: "ngozi@example.cm",
        visitor_phone: "677123456",
        visit_date: addDays("2025-01-01", n),
        visit_time: "10:00 AM",
        payment_amount: 8000,
        fee_type: "student_rental",
        payment_status: over.payment_status ?? "confirmed",
        booking_status: over.booking_status ?? "confirmed",
        booking_reference: `KN-T${String(n).padStart(5, "0")}`,
        hold_expires_at: null,
        payment_id: null,
        viewing_outcome: over.outcomeAgeMs !== undefined ? "confirmed" : null,
        viewing_recorded_at: over.outcomeAgeMs !== undefined ? new Date(Date.now() - over.outcomeAgeMs).toISOString() : null,
        created_at: created,
        updated_at: created,
      })
      .execute();
  }
  async function addViews(propertyId: string, daysAgo: number, views: number) {
    await h.database.db
      .insertInto("property_view_days")
      .values({ property_id: propertyId, day: addDays(today, -daysAgo), views })
      .execute();
  }

  /** The figures straight from the raw rows, for the agent's listings, over the last `period` Buea days. */
  async function fromDatabase(agentId: string, period: number) {
    const first = addDays(today, -(period - 1));
    const from = new Date(Date.parse(`${first}T00:00:00Z`) - HOUR).toISOString();
    const props = (await h.database.db.selectFrom("properties").select("id").where("agent_id", "=", agentId).execute()).map((p) => p.id);
    const views = await h.database.db
      .selectFrom("property_view_days")
      .select(["property_id", "day", "views"])
      .where("property_id", "in", props)
      .execute();
    const bookings = await h.database.db.selectFrom("bookings").selectAll().where("property_id", "in", props).execute();
    return {
      views: views.filter((v) => v.day >= first && v.day <= today).reduce((s, v) => s + Number(v.views), 0),
      visitBookings: bookings.filter(
        (b) => b.payment_status === "confirmed" && b.booking_status !== "rebook_required" && b.created_at >= from,
      ).length,
      confirmedViewings: bookings.filter(
        (b) => b.viewing_outcome === "confirmed" && b.viewing_recorded_at !== null && b.viewing_recorded_at >= from,
      ).length,
    };
  }

  beforeAll(async () => {
    h = await createRouteHarness({ kind });
    mineId = (await createPersona(h, "approvedAgent")).id;
    rivalId = (await createPersona(h, "approvedAgent")).id;
    const s = await createPersona(h, "student");
    studentId = s.id;
    [mine, rival, student] = await Promise.all([signedInJar(h, mineId), signedInJar(h, rivalId), signedInJar(h, studentId)]);
    await addProperty("p-studio", mineId, "Studio near UB gate");
    await addProperty("p-formula", mineId, '=HYPERLINK("http://evil.example","Room, with "quotes"")');
    await addProperty("p-quiet", mineId, "Quiet room");
    await addProperty("p-rival", rivalId, "Rival's flat in Bonduma");
    // Views today, 5, 20, 60 and 100 days ago.
    for (const [days, views] of [
      [0, 3],
      [5, 4],
      [20, 6],
      [60, 10],
      [100, 50],
    ] as const) {
      await addViews("p-studio", days, views);
      await addViews("p-formula", days, 1);
      await addViews("p-rival", days, 99);
    }
    await addBooking("p-studio", 2 * HOUR, { outcomeAgeMs: HOUR });
    await addBooking("p-studio", 10 * DAY, { outcomeAgeMs: 8 * DAY });
    await addBooking("p-studio", 45 * DAY, { outcomeAgeMs: 40 * DAY });
    await addBooking("p-studio", 3 * DAY, { payment_status: "pending", booking_status: "expired" }); // never secured
    await addBooking("p-studio", 3 * DAY, { booking_status: "rebook_required" }); // counted through the rebooking
    await addBooking("p-formula", 4 * DAY, { booking_status: "cancelled" }); // secured, then cancelled: counts
    await addBooking("p-formula", 200 * DAY);
    await addBooking("p-rival", 1 * DAY, { outcomeAgeMs: HOUR });
  }, 60_000);
  afterAll(() => h?.close());

  it("shows the agent's own listings with totals equal to the raw rows, for each period", async () => {
    for (const period of [7, 30, 90]) {
      const r = await h.get(reportsRoute, `/agents/reports?period=${period}`, { jar: mine });
      expect(r.status).toBe(200);
      expect(r.data.period).toBe(period);
      expect(r.data.lastDay).toBe(today);
      expect(r.data.firstDay).toBe(addDays(today, -(period - 1)));
      expect(r.data.rows.map((x: { propertyId: string }) => x.propertyId).sort()).toEqual(["p-formula", "p-quiet", "p-studio"]);
      const want = await fromDatabase(mineId, period);
      expect(r.data.totals).toEqual({ ...want, conversion: want.views ? want.confirmedViewings / want.views : null });
    }
    const week = await h.get(reportsRoute, "/agents/reports?period=7", { jar: mine });
    expect(week.data.totals).toEqual({ views: 9, visitBookings: 2, confirmedViewings: 1, conversion: 1 / 9 });
    expect(week.data.rows.find((x: { propertyId: string }) => x.propertyId === "p-quiet")).toEqual({
      propertyId: "p-quiet",
      title: "Quiet room",
      neighbourhood: "Molyko",
      // The charts' and table's name for the row: the title and the neighbourhood (issue 33).
      label: "Quiet room · Molyko",
      views: 0,
      visitBookings: 0,
      confirmedViewings: 0,
      conversion: null,
    });
  });

  it("shows 30 days for a missing or unknown period, and never another agent's listing", async () => {
    for (const q of ["", "?period=31", "?period=abc", "?period=7&period=90"]) {
      const r = await h.get(reportsRoute, `/agents/reports${q}`, { jar: mine });
      expect(r.status).toBe(200);
      expect(r.data.period).toBe(q === "?period=7&period=90" ? 7 : 30);
    }
    const theirs = await h.get(reportsRoute, "/agents/reports?period=90", { jar: rival });
    expect(theirs.data.rows.map((x: { propertyId: string }) => x.propertyId)).toEqual(["p-rival"]);
    expect(theirs.data.totals).toMatchObject({ views: 99 * 4, visitBookings: 1, confirmedViewings: 1 });
    expect(JSON.stringify(theirs.data)).not.toContain("Studio near UB gate");
  });

  it("downloads a formula-safe CSV whose totals row is the page's", async () => {
    const page = await h.get(reportsRoute, "/agents/reports?period=90", { jar: mine });
    const r = (await reportsCsvRoute.loader({
      request: new Request("http://localhost:3000/agents/reports.csv?period=90", { headers: { Cookie: mine.header() ?? "" } }),
      context: h.context,
      params: {},
    })) as Response;
    expect(r.status).toBe(200);
    expect(r.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(r.headers.get("Content-Disposition")).toBe(`attachment; filename="kamernest-report-${addDays(today, -89)}-to-${today}.csv"`);
    expect(r.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await r.arrayBuffer());
    // A UTF-8 byte-order mark first, so spreadsheets read accents right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(["Property", "Views", "Visit bookings", "Confirmed viewings", "Conversion (%)"]);
    const t = page.data.totals;
    expect(rows.at(-1)).toEqual([
      "Total",
      String(t.views),
      String(t.visitBookings),
      String(t.confirmedViewings),
      String(Math.round(t.conversion * 1000) / 10),
    ]);
    expect(rows.slice(1, -1).map((row) => row[0])).toEqual(
      page.data.rows.map((x: { title: string }) => (x.title.startsWith("=") ? `'${x.title}` : x.title)),
    );
    expect(rows.find((row) => row[0].includes("HYPERLINK"))?.[0]).toBe(`'=HYPERLINK("http://evil.example","Room, with "quotes"")`);
    // An empty conversion (no views) is an empty cell, not 0.
    expect(rows.find((row) => row[0] === "Quiet room")).toEqual(["Quiet room", "0", "0", "0", ""]);
    expect(text).not.toContain("Rival");
  });

  it("counts a student's first look at a listing each day, never the agent's own", async () => {
    const views = async () =>
      Number(
        (
          await h.database.db
            .selectFrom("property_view_days")
            .select("views")
            .where("property_id", "=", "p-quiet")
            .where("day", "=", today)
            .executeTakeFirst()
        )?.views ?? 0,
      );
    expect(await views()).toBe(0);
    for (let i = 0; i < 2; i++)
      expect((await h.get(listingRoute, "/listings/p-quiet", { jar: student, params: { id: "p-quiet" } })).status).toBe(200);
    expect((await h.get(listingRoute, "/listings/p-quiet", { jar: mine, params: { id: "p-quiet" } })).status).toBe(200);
    expect((await h.get(listingRoute, "/listings/p-quiet", { params: { id: "p-quiet" } })).status).toBe(200);
    expect(await views()).toBe(1);
  });
});
