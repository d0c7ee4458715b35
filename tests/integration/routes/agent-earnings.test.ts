// /agents/earnings through its loader on a real database: an agent sees only their own
// commissions, the totals equal sums over the raw commission_earnings rows (a voided one with its
// reason included), the list is newest first and paginated, and no student detail leaks.
import { afterAll, beforeAll, expect, it } from "vitest";
import * as earningsRoute from "~/routes/agents+/earnings";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";

const T0 = Date.parse("2026-11-01T10:00:00.000Z");

describeEachDatabase(allDatabaseKinds())("agent earnings page (%s)", (kind) => {
  let h: RouteHarness;
  let mine: CookieJar;
  let mineId: string;
  let otherId: string;
  let studentEmail: string;

  async function addProperty(id: string, agentId: string, title: string) {
    const now = new Date(T0).toISOString();
    await h.database.db
      .insertInto("properties")
      .values({
        id,
        agent_id: agentId,
        title,
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

  async function addEarning(
    id: string,
    agentId: string,
    propertyId: string,
    hour: number,
    status: "pending" | "paid" | "voided",
    studentId: string,
    voidReason: string | null = null,
  ) {
    await h.database.db
      .insertInto("commission_earnings")
      .values({
        id,
        agent_id: agentId,
        property_id: propertyId,
        booking_id: `booking-${id}`,
        student_id: studentId,
        period_key: `period-${id}`,
        amount: 5000,
        type: "visitation",
        date: new Date(T0 + hour * 3_600_000).toISOString(),
        status,
        paid: status === "paid" ? 1 : 0,
        paid_date: status === "paid" ? new Date(T0 + (hour + 1) * 3_600_000).toISOString() : null,
        voided_at: status === "voided" ? new Date(T0 + (hour + 1) * 3_600_000).toISOString() : null,
        voided_by: null,
        void_reason: voidReason,
      })
      .execute();
  }

  beforeAll(async () => {
    h = await createRouteHarness({ kind });
    const a = await createPersona(h, "approvedAgent");
    mineId = a.id;
    mine = await signedInJar(h, a.id);
    otherId = (await createPersona(h, "approvedAgent")).id;
    const student = await createPersona(h, "student");
    studentEmail = student.email;
    await addProperty("p-mine", mineId, "Studio near UB gate");
    await addProperty("p-other", otherId, "Rival's flat in Bonduma");
    // Twelve of mine: 3 paid, 1 voided (with a reason), 8 pending; three of the other agent's.
    for (let i = 1; i <= 12; i++) {
      const status = i <= 3 ? "paid" : i === 7 ? "voided" : "pending";
      await addEarning(
        `m${String(i).padStart(2, "0")}`,
        mineId,
        "p-mine",
        i,
        status,
        student.id,
        status === "voided" ? "Self-dealing: the agent's own account" : null,
      );
    }
    for (let i = 1; i <= 3; i++) await addEarning(`o${i}`, otherId, "p-other", 20 + i, i === 1 ? "paid" : "pending", student.id);
  }, 60_000);
  afterAll(() => h?.close());

  it("shows the agent's totals, equal to sums over their raw rows, and the next payout", async () => {
    const r = await h.get(earningsRoute, "/agents/earnings", { jar: mine });
    expect(r.status).toBe(200);
    const rows = await h.database.db
      .selectFrom("commission_earnings")
      .select(["amount", "status"])
      .where("agent_id", "=", mineId)
      .execute();
    const sum = (status: string) => rows.filter((x) => x.status === status).reduce((s, x) => s + Number(x.amount), 0);
    const count = (status: string) => rows.filter((x) => x.status === status).length;
    expect(r.data.totals).toEqual({
      earned: sum("paid") + sum("pending"),
      paid: sum("paid"),
      pending: sum("pending"),
      voided: sum("voided"),
      counts: { paid: count("paid"), pending: count("pending"), voided: count("voided") },
    });
    // And, spelled out, so a wrong fixture cannot make both sides agree on nonsense.
    expect(r.data.totals).toMatchObject({ earned: 55000, paid: 15000, pending: 40000, voided: 5000 });
    const next = new Date(r.data.nextPayoutAt);
    const buea = new Date(next.getTime() + 3_600_000);
    expect([buea.getUTCDay(), buea.getUTCHours(), buea.getUTCMinutes()]).toEqual([1, 0, 0]);
  });

  it("lists only the agent's own commissions, newest first, 10 a page, the voided one with its reason, no student details", async () => {
    const first = await h.get(earningsRoute, "/agents/earnings", { jar: mine });
    expect(first.data).toMatchObject({ page: 1, pageCount: 2, total: 12 });
    expect(first.data.items.map((i: { id: string }) => i.id)).toEqual([
      "m12",
      "m11",
      "m10",
      "m09",
      "m08",
      "m07",
      "m06",
      "m05",
      "m04",
      "m03",
    ]);
    expect(first.data.items.find((i: { id: string }) => i.id === "m07")).toMatchObject({
      status: "voided",
      voidReason: "Self-dealing: the agent's own account",
      propertyTitle: "Studio near UB gate",
      amount: 5000,
    });
    expect(first.data.items.filter((i: { voidReason: string | null }) => i.voidReason !== null)).toHaveLength(1);
    const second = await h.get(earningsRoute, "/agents/earnings?page=2", { jar: mine });
    expect(second.data.items.map((i: { id: string }) => i.id)).toEqual(["m02", "m01"]);
    const all = JSON.stringify([first.data, second.data]);
    expect(all).not.toContain("Rival's flat");
    expect(all).not.toContain(studentEmail);
    expect(all).not.toMatch(/student/i);
  });

  it("the other agent sees their own three, not mine", async () => {
    const r = await h.get(earningsRoute, "/agents/earnings", { jar: await signedInJar(h, otherId) });
    expect(r.data.total).toBe(3);
    expect(r.data.totals).toMatchObject({ earned: 15000, paid: 5000, pending: 10000, voided: 0 });
    expect(JSON.stringify(r.data)).not.toContain("Studio near UB gate");
  });

  it("a page past the end shows the last page; a page that is not a number, the first", async () => {
    expect((await h.get(earningsRoute, "/agents/earnings?page=99", { jar: mine })).data.page).toBe(2);
    expect((await h.get(earningsRoute, "/agents/earnings?page=abc", { jar: mine })).data.page).toBe(1);
    expect((await h.get(earningsRoute, "/agents/earnings?page=-1", { jar: mine })).data.page).toBe(1);
  });
});
