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

  it("reads the display names of many accounts at once: unknown ids absent, repeats once", async () => {
    await h.repos.accounts.insert(anAccount({ id: "u1", fullName: "Amina Njoh" }));
    await h.repos.accounts.insert(anAccount({ id: "u2", fullName: "  ", email: "paul.ebai@example.cm" }));
    await h.repos.accounts.insert(anAccount({ id: "u3", fullName: "Not asked for" }));
    const names = await h.repos.accounts.displayNamesByIds(["u1", "nobody", "u2", "u1"]);
    // The name the rest of the site shows: the full name, else the e-mail's local part.
    expect(names).toEqual(
      new Map([
        ["u1", "Amina Njoh"],
        ["u2", "paul.ebai"],
      ]),
    );
    expect((await h.repos.accounts.displayNamesByIds([])).size).toBe(0);
  });

  it("reads a long list of display names in several statements, none lost", async () => {
    const ids = Array.from({ length: 1203 }, (_, i) => `u${String(i).padStart(4, "0")}`);
    for (const id of ids.filter((_, i) => i % 2 === 0)) await h.repos.accounts.insert(anAccount({ id, fullName: `Name ${id}` }));
    const names = await h.repos.accounts.displayNamesByIds(ids);
    expect(names.size).toBe(602);
    expect(names.get("u0000")).toBe("Name u0000");
    expect(names.get("u1202")).toBe("Name u1202");
    expect(names.has("u1201")).toBe(false);
    // The same batch read of whole accounts (the audit log's "Who" choices).
    const found = await h.repos.accounts.findByIds([...ids, "u0000"]);
    expect(found).toHaveLength(602);
    expect(found.find((a) => a.id === "u1202")?.fullName).toBe("Name u1202");
    expect(await h.repos.accounts.findByIds([])).toEqual([]);
  });

  it("records sign-ins: the account's first one says so, the others do not (decision 0237)", async () => {
    await h.repos.accounts.insert(anAccount({ id: "u1" }));
    await h.repos.accounts.insert(anAccount({ id: "u2" }));
    expect(await h.repos.accounts.recordSignIn("u1", at(1))).toBe("first");
    expect(await h.repos.accounts.recordSignIn("u1", at(2))).toBe("again");
    expect(await h.repos.accounts.recordSignIn("u2", at(3))).toBe("first");
    // Two first sign-ins at once: one is the first.
    await h.repos.accounts.insert(anAccount({ id: "u3" }));
    const both = await Promise.all([h.repos.accounts.recordSignIn("u3", at(4)), h.repos.accounts.recordSignIn("u3", at(4))]);
    expect(both.sort()).toEqual(["again", "first"]);
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
    expect(await h.repos.accounts.findByGoogleId("g-9")).toMatchObject({
      id: "u1",
      emailConfirmedAt: at(3),
      passwordHash: null,
      language: "fr",
    });
    await h.repos.accounts.update("u1", { phone: null, updatedAt: at(6) });
    expect((await h.repos.accounts.findById("u1"))?.phone).toBeNull();
  });

  it("stores a suspension and lifts it", async () => {
    await h.repos.accounts.insert(anAccount({ id: "u1" }));
    await h.repos.accounts.update("u1", { suspendedAt: at(7), suspendedReason: "Fake listings", updatedAt: at(7) });
    expect(await h.repos.accounts.findById("u1")).toMatchObject({ suspendedAt: at(7), suspendedReason: "Fake listings" });
    await h.repos.accounts.update("u1", { suspendedAt: null, suspendedReason: null, updatedAt: at(8) });
    expect(await h.repos.accounts.findById("u1")).toMatchObject({ suspendedAt: null, suspendedReason: null });
    expect(await h.repos.accounts.insert(anAccount({ id: "u2", suspendedAt: at(1), suspendedReason: "x" }))).toBe("inserted");
    expect(await h.repos.accounts.findById("u2")).toEqual(anAccount({ id: "u2", suspendedAt: at(1), suspendedReason: "x" }));
  });

  it("searches name, e-mail and phone in any case, filters by role, newest first, one page at a time", async () => {
    await h.repos.accounts.insert(
      anAccount({ id: "u1", fullName: "Amina Njoh", email: "amina@example.cm", phone: "+237677123456", createdAt: at(1) }),
    );
    await h.repos.accounts.insert(anAccount({ id: "u2", fullName: "Paul Ebai", email: "paul@mail.cm", role: "agent", createdAt: at(2) }));
    await h.repos.accounts.insert(
      anAccount({ id: "u3", fullName: "Njoh Holdings", email: "office@njoh.cm", role: "agent", createdAt: at(3) }),
    );
    await h.repos.accounts.insert(
      anAccount({ id: "u4", fullName: "Admin 50%_off", email: "root@example.cm", role: "admin", createdAt: at(4) }),
    );
    const ids = async (q: Parameters<typeof h.repos.accounts.search>[0]) => {
      const found = await h.repos.accounts.search(q);
      return { ids: found.accounts.map((a) => a.id), total: found.total };
    };
    expect(await ids({ offset: 0, limit: 10, countLimit: 100 })).toEqual({ ids: ["u4", "u3", "u2", "u1"], total: 4 });
    expect(await ids({ text: "NJOH", offset: 0, limit: 10, countLimit: 100 })).toEqual({ ids: ["u3", "u1"], total: 2 });
    expect(await ids({ text: "mail.cm", offset: 0, limit: 10, countLimit: 100 })).toEqual({ ids: ["u2"], total: 1 });
    expect(await ids({ text: "677 12 34", offset: 0, limit: 10, countLimit: 100 })).toEqual({ ids: ["u1"], total: 1 });
    expect(await ids({ role: "agent", offset: 0, limit: 10, countLimit: 100 })).toEqual({ ids: ["u3", "u2"], total: 2 });
    expect(await ids({ text: "njoh", role: "agent", offset: 0, limit: 10, countLimit: 100 })).toEqual({ ids: ["u3"], total: 1 });
    expect(await ids({ offset: 1, limit: 2, countLimit: 100 })).toEqual({ ids: ["u3", "u2"], total: 4 });
    // % and _ are letters, not wildcards.
    expect(await ids({ text: "50%_", offset: 0, limit: 10, countLimit: 100 })).toEqual({ ids: ["u4"], total: 1 });
    expect(await ids({ text: "%", offset: 0, limit: 10, countLimit: 100 })).toEqual({ ids: ["u4"], total: 1 });
    // The count stops at countLimit (from the first match, whatever the page), filters kept.
    expect(await ids({ offset: 0, limit: 1, countLimit: 3 })).toEqual({ ids: ["u4"], total: 3 });
    expect(await ids({ offset: 2, limit: 1, countLimit: 3 })).toEqual({ ids: ["u2"], total: 3 });
    expect(await ids({ offset: 0, limit: 1, countLimit: 5 })).toEqual({ ids: ["u4"], total: 4 });
    expect(await ids({ role: "agent", offset: 0, limit: 1, countLimit: 1 })).toEqual({ ids: ["u3"], total: 1 });
  });

  it("counts the admins under lockAdmins", async () => {
    await h.repos.accounts.insert(anAccount({ id: "u1", role: "admin" }));
    await h.repos.accounts.insert(anAccount({ id: "u2" }));
    expect(await h.uow.run((repos) => repos.accounts.lockAdmins())).toBe(1);
    await h.repos.accounts.insert(anAccount({ id: "u3", role: "admin" }));
    expect(await h.uow.run((repos) => repos.accounts.lockAdmins())).toBe(2);
  });
});
