import { afterEach, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../support/test-database";
import { accountKinds, accountsHarness, at, type AccountsHarness } from "./accounts-harness";

describeEachDatabase(accountKinds())("LoginAttemptRepository on %s", (kind) => {
  let h: AccountsHarness;
  beforeEach(async () => {
    h = await accountsHarness(kind);
  });
  afterEach(() => h.close());

  it("counts attempts per key since a time, that time included", async () => {
    await h.loginAttempts.record("a1", "email:x", at(1));
    await h.loginAttempts.record("a2", "email:x", at(2));
    await h.loginAttempts.record("a3", "email:x", at(3));
    await h.loginAttempts.record("a4", "ip:1", at(3));
    expect(await h.loginAttempts.countSince("email:x", at(2))).toBe(2);
    expect(await h.loginAttempts.countSince("email:x", at(0))).toBe(3);
    expect(await h.loginAttempts.countSince("ip:1", at(0))).toBe(1);
    expect(await h.loginAttempts.countSince("ip:2", at(0))).toBe(0);
  });

  it("clears one key, and prunes old attempts", async () => {
    await h.loginAttempts.record("a1", "email:x", at(1));
    await h.loginAttempts.record("a2", "ip:1", at(1));
    await h.loginAttempts.record("a3", "ip:1", at(5));
    await h.loginAttempts.clear("email:x");
    expect(await h.loginAttempts.countSince("email:x", at(0))).toBe(0);
    expect(await h.loginAttempts.pruneBefore(at(5))).toBe(1);
    expect(await h.loginAttempts.countSince("ip:1", at(0))).toBe(1);
  });

  it("removes exactly the rows it is given, and nothing for an empty list", async () => {
    await h.loginAttempts.record("a1", "login:pair:10.0.0.1 x@y.cm", at(1));
    await h.loginAttempts.record("a2", "ip:10.0.0.1", at(1));
    await h.loginAttempts.record("a3", "ip:10.0.0.1", at(2));
    await h.loginAttempts.remove(["a1", "a3", "missing"]);
    await h.loginAttempts.remove([]);
    expect(await h.loginAttempts.countSince("login:pair:10.0.0.1 x@y.cm", at(0))).toBe(0);
    expect(await h.loginAttempts.countSince("ip:10.0.0.1", at(0))).toBe(1);
  });
});
