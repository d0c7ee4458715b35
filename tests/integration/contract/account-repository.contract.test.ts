import { afterEach, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../support/test-database";
import { accountKinds, accountsHarness, anAccount, at, type AccountsHarness } from "./accounts-harness";

describeEachDatabase(accountKinds())("AccountRepository on %s", (kind) => {
  let h: AccountsHarness;
  beforeEach(async () => {
    h = await accountsHarness(kind);
  });
  afterEach(() => h.close());

  it("stores and finds an account by id, e-mail and Google id, every field intact", async () => {
    const account = anAccount({
      id: "u1",
      role: "agent",
      phone: "+237677123456",
      emailConfirmedAt: at(1),
      googleId: "g-1",
      totpSecret: "SECRET",
      totpEnabledAt: at(2),
      language: "fr",
    });
    expect(await h.repos.accounts.insert(account)).toBe("inserted");
    expect(await h.repos.accounts.findById("u1")).toEqual(account);
    expect(await h.repos.accounts.findByEmail("u1@example.cm")).toEqual(account);
    expect(await h.repos.accounts.findByGoogleId("g-1")).toEqual(account);
    expect(await h.repos.accounts.findById("nobody")).toBeNull();
    expect(await h.repos.accounts.findByEmail("nobody@example.cm")).toBeNull();
    expect(await h.repos.accounts.findByGoogleId("g-2")).toBeNull();
  });

  it("reports a duplicate e-mail or Google id instead of inserting", async () => {
    await h.repos.accounts.insert(anAccount({ id: "u1", googleId: "g-1" }));
    expect(await h.repos.accounts.insert(anAccount({ id: "u2", email: "u1@example.cm" }))).toBe("duplicate");
    expect(await h.repos.accounts.insert(anAccount({ id: "u3", googleId: "g-1" }))).toBe("duplicate");
    expect(await h.repos.accounts.findById("u2")).toBeNull();
    expect(await h.repos.accounts.findById("u3")).toBeNull();
  });

  it("changes only the given fields and sets updatedAt", async () => {
    await h.repos.accounts.insert(anAccount({ id: "u1", phone: "+237677123456", totpSecret: "S", totpEnabledAt: at(1) }));
    await h.repos.accounts.insert(anAccount({ id: "u2" }));
    await h.repos.accounts.update("u1", { fullName: "New Name", totpSecret: null, totpEnabledAt: null, role: "admin", updatedAt: at(5) });
    expect(await h.repos.accounts.findById("u1")).toEqual(
      anAccount({ id: "u1", fullName: "New Name", phone: "+237677123456", role: "admin", updatedAt: at(5) }),
    );
    expect(await h.repos.accounts.findById("u2")).toEqual(anAccount({ id: "u2" }));
  });

  it("sets nullable fields to a value and back", async () => {
    await h.repos.accounts.insert(anAccount({ id: "u1" }));
    await h.repos.accounts.update("u1", { googleId: "g-9", emailConfirmedAt: at(3), passwordHash: null, language: "fr", updatedAt: at(4) });
    expect(await h.repos.accounts.findByGoogleId("g-9")).toMatchObject({ id: "u1", emailConfirmedAt: at(3), passwordHash: null, language: "fr" });
    await h.repos.accounts.update("u1", { phone: null, updatedAt: at(6) });
    expect((await h.repos.accounts.findById("u1"))?.phone).toBeNull();
  });
});
