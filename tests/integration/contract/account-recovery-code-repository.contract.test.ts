import { afterEach, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../support/test-database";
import { accountKinds, accountsHarness, anAccount, at, type AccountsHarness } from "./accounts-harness";

describeEachDatabase(accountKinds())("RecoveryCodeRepository on %s", (kind) => {
  let h: AccountsHarness;
  beforeEach(async () => {
    h = await accountsHarness(kind);
    await h.repos.accounts.insert(anAccount({ id: "u1" }));
    await h.repos.accounts.insert(anAccount({ id: "u2" }));
  });
  afterEach(() => h.close());

  it("uses each code once, for its own user only", async () => {
    await h.repos.recoveryCodes.replaceAll("u1", [
      { id: "c1", codeHash: "h1" },
      { id: "c2", codeHash: "h2" },
    ]);
    await h.repos.recoveryCodes.replaceAll("u2", [{ id: "c3", codeHash: "h3" }]);
    expect(await h.repos.recoveryCodes.use("u2", "h1", at(1))).toBe(false);
    const twice = await Promise.all([h.repos.recoveryCodes.use("u1", "h1", at(1)), h.repos.recoveryCodes.use("u1", "h1", at(1))]);
    expect(twice.filter(Boolean)).toHaveLength(1);
    expect(await h.repos.recoveryCodes.countUnused("u1")).toBe(1);
    expect(await h.repos.recoveryCodes.countUnused("u2")).toBe(1);
  });

  it("replaces a user's codes, and deletes them all", async () => {
    await h.repos.recoveryCodes.replaceAll("u1", [{ id: "c1", codeHash: "h1" }]);
    await h.repos.recoveryCodes.replaceAll("u1", [
      { id: "c2", codeHash: "h2" },
      { id: "c3", codeHash: "h3" },
    ]);
    expect(await h.repos.recoveryCodes.use("u1", "h1", at(1))).toBe(false);
    expect(await h.repos.recoveryCodes.countUnused("u1")).toBe(2);
    await h.repos.recoveryCodes.deleteAll("u1");
    expect(await h.repos.recoveryCodes.countUnused("u1")).toBe(0);
  });
});
