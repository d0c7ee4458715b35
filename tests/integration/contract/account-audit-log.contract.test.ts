import { afterEach, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../support/test-database";
import { accountKinds, accountsHarness, at, type AccountsHarness } from "./accounts-harness";

describeEachDatabase(accountKinds())("AuditLog on %s", (kind) => {
  let h: AccountsHarness;
  beforeEach(async () => {
    h = await accountsHarness(kind);
  });
  afterEach(() => h.close());

  it("lists entries newest first, by action, with their data", async () => {
    await h.repos.auditLog.record({ id: "e1", actorId: "admin", action: "auth.agent_approved", data: { agentId: "a1", reason: null }, at: at(1) });
    await h.repos.auditLog.record({ id: "e2", actorId: null, action: "auth.role_granted_admin", data: { userId: "u1", ok: true, n: 2 }, at: at(2) });
    await h.repos.auditLog.record({ id: "e3", actorId: "admin", action: "auth.agent_approved", data: { agentId: "a2", reason: null }, at: at(3) });
    expect((await h.repos.auditLog.list({ limit: 10 })).map((e) => e.id)).toEqual(["e3", "e2", "e1"]);
    expect(await h.repos.auditLog.list({ action: "auth.role_granted_admin", limit: 10 })).toEqual([
      { id: "e2", actorId: null, action: "auth.role_granted_admin", data: { userId: "u1", ok: true, n: 2 }, at: at(2) },
    ]);
    expect((await h.repos.auditLog.list({ action: "auth.agent_approved", limit: 1 })).map((e) => e.id)).toEqual(["e3"]);
  });
});
