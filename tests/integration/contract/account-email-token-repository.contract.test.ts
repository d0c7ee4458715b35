import { afterEach, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../support/test-database";
import type { EmailToken } from "#domain/accounts/email-token.entity";
import { accountKinds, accountsHarness, anAccount, at, type AccountsHarness } from "./accounts-harness";

const aToken = (id: string, over: Partial<EmailToken> = {}): EmailToken => ({
  id,
  userId: "u1",
  purpose: "confirm_email",
  tokenHash: `hash-${id}`,
  expiresAt: at(30),
  usedAt: null,
  createdAt: at(0),
  ...over,
});

describeEachDatabase(accountKinds())("EmailTokenRepository on %s", (kind) => {
  let h: AccountsHarness;
  beforeEach(async () => {
    h = await accountsHarness(kind);
    await h.repos.accounts.insert(anAccount({ id: "u1" }));
    await h.repos.accounts.insert(anAccount({ id: "u2" }));
  });
  afterEach(() => h.close());

  it("finds a token by its hash", async () => {
    await h.repos.emailTokens.insert(aToken("t1", { purpose: "reset_password" }));
    expect(await h.repos.emailTokens.findByHash("hash-t1")).toEqual(aToken("t1", { purpose: "reset_password" }));
    expect(await h.repos.emailTokens.findByHash("hash-none")).toBeNull();
  });

  it("marks a token used once only", async () => {
    await h.repos.emailTokens.insert(aToken("t1"));
    const results = await Promise.all([h.repos.emailTokens.markUsed("t1", at(2)), h.repos.emailTokens.markUsed("t1", at(3))]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await h.repos.emailTokens.markUsed("t1", at(4))).toBe(false);
    expect(await h.repos.emailTokens.markUsed("missing", at(4))).toBe(false);
    expect((await h.repos.emailTokens.findByHash("hash-t1"))?.usedAt).not.toBeNull();
  });

  it("invalidates the unused tokens of one user and purpose only", async () => {
    await h.repos.emailTokens.insert(aToken("a", { purpose: "reset_password" }));
    await h.repos.emailTokens.insert(aToken("b", { purpose: "reset_password", usedAt: at(1) }));
    await h.repos.emailTokens.insert(aToken("c", { purpose: "confirm_email" }));
    await h.repos.emailTokens.insert(aToken("d", { purpose: "reset_password", userId: "u2" }));
    await h.repos.emailTokens.invalidateAll("u1", "reset_password", at(9));
    expect((await h.repos.emailTokens.findByHash("hash-a"))?.usedAt).toEqual(at(9));
    expect((await h.repos.emailTokens.findByHash("hash-b"))?.usedAt).toEqual(at(1));
    expect((await h.repos.emailTokens.findByHash("hash-c"))?.usedAt).toBeNull();
    expect((await h.repos.emailTokens.findByHash("hash-d"))?.usedAt).toBeNull();
  });

  it("deletes only tokens used or expired before the cutoff, and says how many", async () => {
    await h.repos.emailTokens.insert(aToken("used-old", { usedAt: at(1), expiresAt: at(50) }));
    await h.repos.emailTokens.insert(aToken("used-new", { usedAt: at(20), expiresAt: at(50) }));
    await h.repos.emailTokens.insert(aToken("expired-old", { expiresAt: at(5) }));
    await h.repos.emailTokens.insert(aToken("live", { expiresAt: at(50) }));
    await h.repos.emailTokens.insert(aToken("cutoff", { expiresAt: at(10) }));
    expect(await h.repos.emailTokens.deleteSpentBefore(at(10))).toBe(2);
    expect(await h.repos.emailTokens.findByHash("hash-used-old")).toBeNull();
    expect(await h.repos.emailTokens.findByHash("hash-expired-old")).toBeNull();
    for (const kept of ["used-new", "live", "cutoff"]) expect(await h.repos.emailTokens.findByHash(`hash-${kept}`)).not.toBeNull();
    expect(await h.repos.emailTokens.deleteSpentBefore(at(10))).toBe(0);
  });
});
