// Migration 2026-11-28T0300 puts the agents suspended or demoted before issue 30's fix in step with
// domain/accounts/owner-standing.ts: their listings leave the public pages and the neighbourhood
// counts (kept by migration 0027's trigger on agents) on both databases; down gives 'approved' back.
import { expect, it } from "vitest";
import { agentStatusFor } from "#domain/accounts/owner-standing";
import { down, up } from "../../../migrations/2026-11-28T0300-withheld-agents";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase } from "../../support/test-database";
import { listingFixtures } from "../listings/listing-fixtures";

describeEachDatabase(allDatabaseKinds())("the withheld-agents migration on %s", (kind) => {
  it("withholds the approved agents whose account is suspended or not an agent, and only those", async () => {
    const t = await createTestDatabase(kind);
    try {
      const fx = listingFixtures(t.db);
      for (const id of ["active", "suspended", "demoted", "admin", "pending-suspended"])
        await fx.agent(id, { status: id === "pending-suspended" ? "pending" : "approved" });
      await t.db
        .updateTable("profiles")
        .set({ suspended_at: "2026-11-20T00:00:00.000Z" })
        .where("id", "in", ["suspended", "pending-suspended"])
        .execute();
      await t.db.updateTable("profiles").set({ role: "student" }).where("id", "=", "demoted").execute();
      await t.db.updateTable("profiles").set({ role: "admin" }).where("id", "=", "admin").execute();
      await fx.insertProperties(
        ["active", "suspended", "demoted", "admin"].map((agent) => fx.property({ id: `p-${agent}`, agent_id: agent })),
      );
      const molyko = async () =>
        Number(
          (await t.db.selectFrom("neighbourhood_counts").select("listings").where("neighbourhood", "=", "Molyko").executeTakeFirst())
            ?.listings ?? 0,
        );
      expect(await molyko()).toBe(4);

      await up(t.db);
      const rows = await t.db
        .selectFrom("agents")
        .innerJoin("profiles", "profiles.id", "agents.user_id")
        .select(["user_id", "verification_status", "role", "suspended_at"])
        .orderBy("user_id")
        .execute();
      for (const r of rows) {
        const owner = { role: r.role, suspendedAt: r.suspended_at ? new Date(r.suspended_at) : null };
        expect(r.verification_status, r.user_id).toBe(agentStatusFor(r.user_id === "pending-suspended" ? "pending" : "approved", owner));
      }
      expect(Object.fromEntries(rows.map((r) => [r.user_id, r.verification_status]))).toEqual({
        active: "approved",
        admin: "withheld",
        demoted: "withheld",
        "pending-suspended": "pending",
        suspended: "withheld",
      });
      expect(await molyko()).toBe(1);

      await down(t.db);
      expect(await molyko()).toBe(4);
    } finally {
      await t.destroy();
    }
  });
});
