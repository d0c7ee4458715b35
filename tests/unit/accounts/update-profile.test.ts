import { describe, expect, it } from "vitest";
import { updateProfile } from "#domain/accounts/update-profile.use-case";
import { confirmedAccount, createTestAccounts } from "./support";

describe("updateProfile", () => {
  it("trims the name and normalises the phone", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    expect(await updateProfile(t.deps, { userId, fullName: "  Ngozi T. ", phone: "+237 650 00 00 01", language: "fr" })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(await t.repos.accounts.findById(userId)).toMatchObject({ fullName: "Ngozi T.", phone: "+237650000001", language: "fr" });
    await updateProfile(t.deps, { userId, fullName: "Ngozi", phone: "" });
    expect((await t.repos.accounts.findById(userId))?.phone).toBeNull();
  });

  it("refuses an empty name and a phone that is not a Cameroon mobile", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    expect(await updateProfile(t.deps, { userId, fullName: " ", phone: "" })).toEqual({ ok: false, error: { code: "auth.name_required" } });
    expect(await updateProfile(t.deps, { userId, fullName: "N", phone: "12345" })).toEqual({
      ok: false,
      error: { code: "auth.invalid_phone" },
    });
  });

  it("tells the public pages when the name or the phone changed, not when the form was saved as it was", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    const stored = await t.repos.accounts.findById(userId);
    const before = t.publicPages.changes;
    // The same name and phone (the language is no public page's): nothing a visitor sees changed.
    expect((await updateProfile(t.deps, { userId, fullName: stored!.fullName, phone: stored!.phone ?? "", language: "fr" })).ok).toBe(true);
    expect(t.publicPages.changes).toBe(before);
    expect((await updateProfile(t.deps, { userId, fullName: "Ngozi Tabe-Ekane", phone: stored!.phone ?? "" })).ok).toBe(true);
    expect(t.publicPages.changes).toBe(before + 1);
    expect((await updateProfile(t.deps, { userId, fullName: "Ngozi Tabe-Ekane", phone: "677 12 34 56" })).ok).toBe(true);
    expect(t.publicPages.changes).toBe(before + 2);
    // Refused: nothing stored, nothing told.
    await updateProfile(t.deps, { userId, fullName: " ", phone: "" });
    expect(t.publicPages.changes).toBe(before + 2);
  });

  it("ignores role, e-mail and other fields smuggled into the input", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    const smuggled = { userId, fullName: "Ngozi", phone: "", role: "admin", email: "boss@kamernest.cm", isAdmin: true };
    expect((await updateProfile(t.deps, smuggled)).ok).toBe(true);
    expect(await t.repos.accounts.findById(userId)).toMatchObject({ role: "student", email: "ngozi@example.cm" });
  });
});
