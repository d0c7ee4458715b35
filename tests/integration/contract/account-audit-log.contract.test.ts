import { afterEach, beforeEach, expect, it } from "vitest";
import type { AuditAction } from "#domain/accounts/audit-actions";
import { describeEachDatabase } from "../../support/test-database";
import { accountKinds, accountsHarness, at, type AccountsHarness } from "./accounts-harness";

describeEachDatabase(accountKinds())("AuditLog on %s", (kind) => {
  let h: AccountsHarness;
  beforeEach(async () => {
    h = await accountsHarness(kind);
  });
  afterEach(() => h.close());

  it("lists entries newest first, by action, with their data", async () => {
    await h.repos.auditLog.record({
      id: "e1",
      actorId: "admin",
      action: "admin.agent_approved",
      data: { agentId: "a1", reason: null },
      at: at(1),
    });
    await h.repos.auditLog.record({
      id: "e2",
      actorId: null,
      action: "auth.role_granted_admin",
      data: { userId: "u1", ok: true, n: 2 },
      at: at(2),
    });
    await h.repos.auditLog.record({
      id: "e3",
      actorId: "admin",
      action: "admin.agent_approved",
      data: { agentId: "a2", reason: null },
      at: at(3),
    });
    expect((await h.repos.auditLog.list({ limit: 10 })).map((e) => e.id)).toEqual(["e3", "e2", "e1"]);
    expect(await h.repos.auditLog.list({ action: "auth.role_granted_admin", limit: 10 })).toEqual([
      { id: "e2", actorId: null, action: "auth.role_granted_admin", data: { userId: "u1", ok: true, n: 2 }, at: at(2) },
    ]);
    expect((await h.repos.auditLog.list({ action: "admin.agent_approved", limit: 1 })).map((e) => e.id)).toEqual(["e3"]);
  });

  it("filters by actor, action prefix, target and dates, pages and counts", async () => {
    const log = h.repos.auditLog;
    await log.record({
      id: "a1",
      actorId: "admin-1",
      action: "admin.user_suspended",
      data: { target: "user:u1", before: "{}", after: "{}", reason: "spam" },
      at: at(1),
    });
    await log.record({
      id: "a2",
      actorId: "admin-2",
      action: "admin.user_role_changed",
      data: { target: "user:u2", before: null, after: null },
      at: at(2),
    });
    await log.record({
      id: "a3",
      actorId: "admin-1",
      action: "admin.agent_approved",
      data: { target: "agent:u1", before: null, after: null },
      at: at(3),
    });
    await log.record({ id: "a4", actorId: "u1", action: "auth.role_granted_admin", data: { userId: "u1" }, at: at(4) });
    // `_` in a prefix is a letter, not LIKE's one-character wildcard.
    await log.record({ id: "a5", actorId: "admin-1", action: "adminXuserXsuspended" as AuditAction, data: {}, at: at(5) });

    const ids = async (q: Parameters<typeof log.list>[0]) => (await log.list(q)).map((e) => e.id);
    expect(await ids({ actionPrefix: "admin.", limit: 10 })).toEqual(["a3", "a2", "a1"]);
    expect(await ids({ actionPrefix: "admin.user_", limit: 10 })).toEqual(["a2", "a1"]);
    expect(await ids({ actorId: "admin-1", limit: 10 })).toEqual(["a5", "a3", "a1"]);
    expect(await ids({ target: "user:u1", limit: 10 })).toEqual(["a1"]);
    expect(await ids({ target: ["user:u1", "agent:u1"], limit: 10 })).toEqual(["a3", "a1"]);
    expect(await ids({ target: [], limit: 10 })).toEqual([]);
    expect(await ids({ from: at(2), to: at(4), limit: 10 })).toEqual(["a3", "a2"]);
    expect(await ids({ limit: 2, offset: 1 })).toEqual(["a4", "a3"]);
    expect(await ids({ actionPrefix: "admin.", actorId: "admin-1", from: at(2), limit: 10 })).toEqual(["a3"]);

    expect(await log.count({})).toBe(5);
    expect(await log.count({ actionPrefix: "admin." })).toBe(3);
    expect(await log.count({ actorId: "admin-1", to: at(3) })).toBe(1);
    expect(await log.count({ target: ["user:u1", "agent:u1"] })).toBe(2);
    expect(await log.facets()).toEqual({
      actions: [
        "admin.agent_approved",
        "admin.user_role_changed",
        "admin.user_suspended",
        "adminXuserXsuspended",
        "auth.role_granted_admin",
      ],
      actorIds: ["admin-1", "admin-2", "u1"],
    });
  });
});
