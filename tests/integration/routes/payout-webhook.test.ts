// POST /webhooks/fapshi-payouts (decision 0224) through its action on a real database, with the
// simulated disbursement service: the secret is checked, the body is trusted for nothing but the
// transId (the status is re-read from the provider), the change is applied once however often or
// late it is delivered, an unknown transaction changes nothing, garbage is a 400.
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import * as webhookRoute from "~/routes/webhooks+/fapshi-payouts";
import { createPersona, createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";

const SECRET = "payout-webhook-secret";
const LONG_AGO = "2026-11-20T10:00:00.000Z";

describeEachDatabase(allDatabaseKinds())("payout webhook (%s)", (kind) => {
  let h: RouteHarness;
  let agentId: string;
  let n = 0;

  beforeAll(async () => {
    h = await createRouteHarness({ kind, env: { FAPSHI_PAYOUT_WEBHOOK_SECRET: SECRET } });
    agentId = (await createPersona(h, "approvedAgent")).id;
  }, 60_000);
  afterAll(() => h?.close());
  beforeEach(() => void (n += 1));

  /** A payout pending at the simulated provider, processed long ago (settled when next read). */
  async function pendingPayout(phone: string, recorded: boolean) {
    const id = `payout-${kind}-${n}`;
    const transId = `SIMPO${String(n).padStart(4, "0")}`;
    await h.database.db
      .insertInto("payouts")
      .values({
        id,
        agent_id: agentId,
        amount: 5000,
        phone,
        medium: "mtn_momo",
        status: "pending",
        trans_id: recorded ? transId : null,
        reason: null,
        cut_off: LONG_AGO,
        earning_count: 1,
        send_claimed_at: recorded ? null : LONG_AGO,
        created_by: null,
        created_at: LONG_AGO,
        updated_at: LONG_AGO,
      })
      .execute();
    await h.database.db
      .insertInto("simulated_payouts")
      .values({
        trans_id: transId,
        status: "PENDING",
        amount: 5000,
        external_id: id,
        user_id: agentId,
        phone,
        medium: "mobile money",
        name: "Agent",
        reason: null,
        date_initiated: LONG_AGO,
        updated_at: LONG_AGO,
      })
      .execute();
    return { id, transId };
  }

  const deliver = (body: string, secret: string | null = SECRET) =>
    h.call(
      "action",
      webhookRoute,
      new Request("http://localhost:3000/webhooks/fapshi-payouts", {
        method: "POST",
        headers: { "content-type": "application/json", ...(secret ? { "x-wh-secret": secret } : {}) },
        body,
      }),
    );

  const state = async (id: string) => {
    const payout = await h.database.db
      .selectFrom("payouts")
      .select(["status", "trans_id", "reason"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const events = await h.database.db.selectFrom("payout_events").select("event_type").where("payout_id", "=", id).execute();
    const audit = await h.database.db
      .selectFrom("audit_log")
      .select("action")
      .where("action", "like", "payout.%")
      .where("target", "=", `payout:${id}`)
      .execute();
    return { ...payout, events: events.map((e) => e.event_type).sort(), audit: audit.map((a) => a.action) };
  };

  it("refuses a wrong or missing secret (401) and garbage (400), changing nothing", async () => {
    const { id, transId } = await pendingPayout("670000002", true);
    expect((await deliver(JSON.stringify({ transId }), "wrong")).status).toBe(401);
    expect((await deliver(JSON.stringify({ transId }), null)).status).toBe(401);
    for (const garbage of ["not json", "{}", JSON.stringify({ transId: "../x" }), JSON.stringify([1, 2])])
      expect((await deliver(garbage)).status).toBe(400);
    expect((await state(id)).status).toBe("pending");
  });

  it("applies the provider's status, not the body's, once however often it comes", async () => {
    const { id, transId } = await pendingPayout("670000002", true);
    // The body says FAILED; the provider says SUCCESSFUL.
    for (let i = 0; i < 3; i++) {
      const r = await deliver(JSON.stringify({ transId, status: "FAILED", amount: 1, reason: "lies" }));
      expect(r.status).toBe(200);
    }
    expect(await state(id)).toEqual({
      status: "successful",
      trans_id: transId,
      reason: null,
      events: ["succeeded"],
      audit: ["payout.succeeded"],
    });
  });

  it("a failure at the provider fails the payout with its reason, once", async () => {
    const { id, transId } = await pendingPayout("670001000", true);
    await deliver(JSON.stringify([{ transId }]));
    await deliver(JSON.stringify({ transId }));
    const after = await state(id);
    expect(after).toMatchObject({ status: "failed", events: ["failed"], audit: ["payout.failed"] });
    expect(after.reason).toBeTruthy();
  });

  it("a transaction whose id we never recorded is matched by its externalId, then settled", async () => {
    const { id, transId } = await pendingPayout("670000002", false);
    expect((await deliver(JSON.stringify({ transId }))).status).toBe(200);
    expect(await state(id)).toMatchObject({ status: "successful", trans_id: transId, events: ["found_by_reference", "succeeded"] });
  });

  it("an unknown transaction is answered like any other and changes nothing", async () => {
    const { id } = await pendingPayout("670000002", true);
    expect((await deliver(JSON.stringify({ transId: "NOTOURS99" }))).status).toBe(200);
    expect((await state(id)).status).toBe("pending");
  });
});
