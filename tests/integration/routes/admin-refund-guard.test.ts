// POST /admin/payments/{id}/refund is an admin's alone (decision 0219): a student or an agent is
// turned away as from every admin route, and nothing is refunded, withdrawn or sent.
import { afterAll, beforeAll, expect, it } from "vitest";
import * as refundRoute from "~/routes/admin+/payments_.$id_.refund";
import { createPersona, createRouteHarness, signedInJar, type RouteHarness } from "../../support/route-harness";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";
import { insertPayment } from "../contract/discovery-fixtures";

describeEachDatabase(allDatabaseKinds())("the refund route's admin guard (%s)", (kind) => {
  let h: RouteHarness;
  let studentId: string;

  beforeAll(async () => {
    h = await createRouteHarness({ kind });
    studentId = (await createPersona(h, "student")).id;
    await insertPayment(h.database.db, {
      id: "rg-pay",
      user_id: studentId,
      reference: "REF-RG",
      provider_tx_id: "TX-RG",
      phone: "237677123456",
    });
  });

  afterAll(async () => {
    await h?.close();
  });

  it.each(["student", "approvedAgent"] as const)("turns a %s away, refunding nothing", async (persona) => {
    const who = persona === "student" ? studentId : (await createPersona(h, persona)).id;
    const r = await h.post(
      refundRoute,
      "/admin/payments/rg-pay/refund",
      { reason: "Not mine to refund" },
      { jar: await signedInJar(h, who), params: { id: "rg-pay" } },
    );
    expect(r.location).toBe("/admin/unauthorized");
    expect(await h.database.db.selectFrom("payment_refunds").selectAll().where("payment_id", "=", "rg-pay").execute()).toEqual([]);
    const events = await h.database.db.selectFrom("payment_events").select("event_type").where("payment_id", "=", "rg-pay").execute();
    expect(events.filter((e) => e.event_type.startsWith("refund"))).toEqual([]);
  });
});
