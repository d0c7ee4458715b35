// The payout number form on /agents/earnings (issue 34) through its action on a real database:
// bad input is a translated 4xx with the message on its field (never a 500), a wrong password
// changes nothing, the right one saves the number, e-mails the agent and shows on the page; a
// body that is not a form is a 400; an admin route without payouts is not reached by an agent.
import { afterAll, beforeAll, expect, it } from "vitest";
import * as earningsRoute from "~/routes/agents+/earnings";
import * as adminPayoutsRoute from "~/routes/admin+/payouts";
import {
  createPersona,
  createRouteHarness,
  lastEmailTo,
  signedInJar,
  TEST_PASSWORD,
  type CookieJar,
  type RouteHarness,
} from "../../support/route-harness";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";

describeEachDatabase(allDatabaseKinds())("agent payout number (%s)", (kind) => {
  let h: RouteHarness;
  let jar: CookieJar;
  let agent: { id: string; email: string };

  beforeAll(async () => {
    h = await createRouteHarness({ kind });
    agent = await createPersona(h, "approvedAgent");
    jar = await signedInJar(h, agent.id);
  }, 60_000);
  afterAll(() => h?.close());

  const form = (over: Record<string, string>) => ({
    intent: "payout-number",
    phone: "670000000",
    medium: "mtn_momo",
    password: TEST_PASSWORD,
    ...over,
  });

  it("refuses a bad number, a missing network and a wrong password with 4xx and a message on the field", async () => {
    const bad = await h.post(earningsRoute, "/agents/earnings", form({ phone: "12345" }), { jar });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain("Enter a Cameroon mobile-money number");
    const network = await h.post(earningsRoute, "/agents/earnings", form({ medium: "nexttel" }), { jar });
    expect(network.status).toBe(400);
    const wrong = await h.post(earningsRoute, "/agents/earnings", form({ password: "nope-nope" }), { jar });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data)).toContain("The password is not right.");
    expect(JSON.stringify(wrong.data)).not.toContain("nope-nope");
    const notAForm = await h.call(
      "action",
      earningsRoute,
      new Request("http://localhost:3000/agents/earnings", {
        method: "POST",
        headers: { "content-type": "application/json", cookie: jar.header() ?? "" },
        body: "{}",
      }),
      { jar },
    );
    expect(notAForm.status).toBe(400);
    expect(await h.database.db.selectFrom("agent_payout_numbers").selectAll().execute()).toEqual([]);
  });

  it("saves the number with the password, e-mails the agent and shows it on the page", async () => {
    const saved = await h.post(earningsRoute, "/agents/earnings", form({ phone: "+237 690 000 002", medium: "orange_money" }), { jar });
    expect(saved.status).toBe(302);
    const page = await h.get(earningsRoute, "/agents/earnings", { jar });
    expect(page.data.payoutNumber).toEqual({ phone: "690000002", medium: "orange_money" });
    expect(page.data.payouts).toEqual([]);
    expect((await lastEmailTo(h, agent.email))?.subject).toBe("Your KamerNest payout number was changed");
  });

  it("keeps agents out of the admin's payouts", async () => {
    const r = await h.get(adminPayoutsRoute, "/admin/payouts", { jar });
    expect(r.status).toBe(302);
  });
});
