import { afterEach, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../support/test-database";
import { accountKinds, accountsHarness, anAccount, at, type AccountsHarness } from "./accounts-harness";

describeEachDatabase(accountKinds())("the accounts unit of work on %s", (kind) => {
  let h: AccountsHarness;
  beforeEach(async () => {
    h = await accountsHarness(kind);
  });
  afterEach(() => h.close());

  it("keeps every write when the work succeeds", async () => {
    const value = await h.uow.run(async (repos) => {
      await repos.accounts.insert(anAccount({ id: "u1" }));
      await repos.agents.createUnsubmitted("u1", at(1));
      return 42;
    });
    expect(value).toBe(42);
    expect(await h.repos.agents.findByUserId("u1")).not.toBeNull();
  });

  it("undoes every write when the work throws", async () => {
    await h.repos.accounts.insert(anAccount({ id: "u0" }));
    await expect(
      h.uow.run(async (repos) => {
        await repos.accounts.insert(anAccount({ id: "u1" }));
        await repos.accounts.update("u0", { role: "admin", updatedAt: at(2) });
        await repos.auditLog.record({ id: "e1", actorId: null, action: "auth.role_granted_admin", data: {}, at: at(2) });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await h.repos.accounts.findById("u1")).toBeNull();
    expect((await h.repos.accounts.findById("u0"))?.role).toBe("student");
    expect(await h.repos.auditLog.list({ limit: 5 })).toEqual([]);
  });
});
