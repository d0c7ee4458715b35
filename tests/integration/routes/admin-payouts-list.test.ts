// /admin/payouts and /admin/payouts.csv (decisions 0223, 0225) through their loaders on a real
// database: filters by status, agent and Buea days, the CSV holding exactly the filtered list
// (formula-safe), the next scheduled run and the last one's outcome, admins only.
import { afterAll, beforeAll, expect, it } from "vitest";
import * as payoutsRoute from "~/routes/admin+/payouts";
import * as csvRoute from "~/routes/admin+/payouts[.]csv";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";

describeEachDatabase(allDatabaseKinds())("admin payouts list (%s)", (kind) => {
  let h: RouteHarness;
  let admin: CookieJar;
  let agentJar: CookieJar;
  let ada: string;
  let bea: string;

  beforeAll(async () => {
    h = await createRouteHarness({ kind, env: { PAYOUT_SCHEDULE: "fri 14:30" } });
    admin = await signedInJar(h, (await createPersona(h, "admin")).id);
    ada = (await createPersona(h, "approvedAgent", { fullName: "=HYPERLINK(evil)" })).id;
    bea = (await createPersona(h, "approvedAgent", { fullName: "Bea" })).id;
    agentJar = await signedInJar(h, bea);
    const row = (id: string, agent: string, status: "pending" | "successful" | "failed", createdAt: string) => ({
      id,
      agent_id: agent,
      amount: 5000,
      phone: "670000002",
      medium: "mtn_momo" as const,
      status,
      trans_id: status === "pending" ? null : `TX${id}`,
      reason: status === "failed" ? "Account barred" : null,
      cut_off: createdAt,
      earning_count: 1,
      send_claimed_at: null,
      created_by: null,
      created_at: createdAt,
      updated_at: createdAt,
    });
    await h.database.db
      .insertInto("payouts")
      .values([
        // 23:30 UTC on the 22nd is already the 23rd in Buea.
        row("p1", ada, "successful", "2026-11-22T23:30:00.000Z"),
        row("p2", ada, "failed", "2026-11-25T10:00:00.000Z"),
        row("p3", bea, "pending", "2026-11-27T10:00:00.000Z"),
      ])
      .execute();
    await h.services.accounts.repos.auditLog.record({
      id: "audit-run",
      actorId: null,
      action: "payout.scheduled_run",
      data: {
        target: "payout-period:2026-11-27T13:30:00.000Z",
        before: null,
        after: JSON.stringify({ cutOff: "2026-11-27T13:30:00.000Z", outcome: "payouts.balance_too_low", balance: 4000, needed: 10000 }),
      },
      at: new Date("2026-11-27T13:31:00.000Z"),
    });
  }, 60_000);
  afterAll(() => h?.close());

  const ids = (data: unknown) => (data as { payouts: { id: string }[] }).payouts.map((p) => p.id);

  it("filters by status, agent and days in Buea, together; ignores values that are none of these", async () => {
    expect(ids((await h.get(payoutsRoute, "/admin/payouts", { jar: admin })).data)).toEqual(["p3", "p2", "p1"]);
    expect(ids((await h.get(payoutsRoute, "/admin/payouts?status=failed", { jar: admin })).data)).toEqual(["p2"]);
    expect(ids((await h.get(payoutsRoute, `/admin/payouts?agent=${ada}`, { jar: admin })).data)).toEqual(["p2", "p1"]);
    expect(ids((await h.get(payoutsRoute, "/admin/payouts?from=2026-11-23&to=2026-11-25", { jar: admin })).data)).toEqual(["p2", "p1"]);
    expect(ids((await h.get(payoutsRoute, "/admin/payouts?to=2026-11-22", { jar: admin })).data)).toEqual([]);
    expect(ids((await h.get(payoutsRoute, `/admin/payouts?agent=${ada}&status=successful&from=2026-11-23`, { jar: admin })).data)).toEqual([
      "p1",
    ]);
    const odd = await h.get(payoutsRoute, "/admin/payouts?status=paid&from=2026-02-30&agent=%27or%201=1", { jar: admin });
    expect(odd.status).toBe(200);
    expect(ids(odd.data)).toEqual(["p3", "p2", "p1"]);
    const page = (await h.get(payoutsRoute, `/admin/payouts?agent=${bea}&from=2026-11-01`, { jar: admin })).data as {
      agents: { id: string; name: string }[];
      csvHref: string;
    };
    expect(page.agents.map((a) => a.name)).toEqual(["=HYPERLINK(evil)", "Bea"]);
    expect(page.csvHref).toBe(`/admin/payouts.csv?agent=${bea}&from=2026-11-01`);
  });

  it("shows the next scheduled run and how the last one went", async () => {
    const page = (await h.get(payoutsRoute, "/admin/payouts", { jar: admin })).data as {
      nextRun: string;
      lastRun: { key: string; values: Record<string, string> };
    };
    // Friday 14:30 in Buea is 13:30 UTC.
    expect(new Date(page.nextRun).getUTCDay()).toBe(5);
    expect(page.nextRun.slice(11)).toBe("13:30:00.000Z");
    expect(page.lastRun).toMatchObject({
      key: "balance_too_low",
      values: { balance: "4\u00a0000\u00a0FCFA", needed: "10\u00a0000\u00a0FCFA" },
    });
  });

  it("downloads the filtered list as formula-safe CSV, to admins only", async () => {
    const r = await h.get(csvRoute, `/admin/payouts.csv?agent=${ada}`, { jar: admin });
    expect(r.status).toBe(200);
    expect(r.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(r.headers.get("Content-Disposition")).toMatch(/^attachment; filename="kamernest-payouts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const response = (await csvRoute.loader({
      request: new Request(`http://localhost:3000/admin/payouts.csv?agent=${ada}`, { headers: { cookie: admin.header() ?? "" } }),
      context: h.context,
      params: {},
    })) as Response;
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^"payout_reference","created_at","agent_id","agent_name",/);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(['"p2"', '"p1"']);
    expect(lines[1]).toContain(`"'=HYPERLINK(evil)"`);
    expect(lines[1]).toContain('"failed","TXp2","Account barred"');
    expect((await h.get(csvRoute, "/admin/payouts.csv", { jar: agentJar })).status).toBe(302);
  });
});
