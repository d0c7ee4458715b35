import { describe, expect, it } from "vitest";
import { approveAgent } from "#domain/accounts/review-agent.use-case";
import { signUp } from "#domain/accounts/sign-up.use-case";
import { submitAgentVerification } from "#domain/accounts/submit-agent-verification.use-case";
import { acceptAgentTerms, agentProfileFor, updateAgentProfile } from "#domain/accounts/update-agent-profile.use-case";
import type { AgentDetailsInput } from "#domain/accounts/agent-details";
import { confirmedAccount, createTestAccounts, validSignUp, type TestAccounts } from "./support";

const pdf = () => new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);

const details = (over: Partial<AgentDetailsInput> = {}): AgentDetailsInput => ({
  businessName: " Ngwa Homes ",
  licenseNumber: "LIC-9",
  specializations: ["studios", "studios", " apartments "],
  businessPhone: "677 81 23 45",
  businessEmail: "Office@NgwaHomes.cm",
  businessAddress: "Molyko, Buea",
  websiteUrl: "",
  ...over,
});

async function agent(t: TestAccounts, status: "pending" | "approved", email = "agent@example.cm") {
  const signed = await signUp(t.deps, validSignUp({ email, accountKind: "agent" }));
  if (!signed.ok) throw new Error(signed.error.code);
  const userId = signed.value.userId;
  await submitAgentVerification(t.deps, {
    userId,
    verification: { ...details({ businessName: "Old name" }), documents: [{ name: "l.pdf", bytes: pdf() }] },
  });
  if (status === "approved") {
    const adminId = await confirmedAccount(t, { email: `admin-${email}` });
    await t.repos.accounts.update(adminId, { role: "admin", updatedAt: t.clock.now() });
    const approved = await approveAgent(t.deps, { adminId, agentId: userId });
    if (!approved.ok) throw new Error(approved.error.code);
  }
  return userId;
}

describe("updateAgentProfile", () => {
  it("writes the normalised business fields of an approved agent and audit-logs it", async () => {
    const t = createTestAccounts();
    const userId = await agent(t, "approved");
    expect(await updateAgentProfile(t.deps, { userId, details: details({ websiteUrl: "https://ngwa.cm" }) })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(await agentProfileFor(t.deps, userId)).toMatchObject({
      status: "approved",
      businessName: "Ngwa Homes",
      specializations: ["studios", "apartments"],
      businessPhone: "+237677812345",
      businessEmail: "office@ngwahomes.cm",
      websiteUrl: "https://ngwa.cm",
      commissionRate: 5,
      payoutSchedule: "weekly",
    });
    expect(await t.repos.auditLog.list({ action: "auth.agent_profile_updated", limit: 5 })).toHaveLength(1);
  });

  it("never changes the commission rate or the verification state, whatever the input carries", async () => {
    const t = createTestAccounts();
    const userId = await agent(t, "approved");
    const crafted = { ...details(), commissionRate: 0, status: "pending", payoutSchedule: "daily" } as AgentDetailsInput;
    expect((await updateAgentProfile(t.deps, { userId, details: crafted })).ok).toBe(true);
    expect(await agentProfileFor(t.deps, userId)).toMatchObject({ commissionRate: 5, status: "approved", payoutSchedule: "weekly" });
  });

  it("tells the public pages when a business field changed, not when the profile was saved as it was", async () => {
    const t = createTestAccounts();
    const userId = await agent(t, "approved");
    const before = t.publicPages.changes;
    expect((await updateAgentProfile(t.deps, { userId, details: details() })).ok).toBe(true);
    expect(t.publicPages.changes).toBe(before + 1);
    // The same fields, typed with other spaces: stored the same, nothing a visitor sees changed.
    expect((await updateAgentProfile(t.deps, { userId, details: details({ businessName: "Ngwa Homes  " }) })).ok).toBe(true);
    expect(t.publicPages.changes).toBe(before + 1);
    expect((await updateAgentProfile(t.deps, { userId, details: details({ websiteUrl: "https://ngwa.cm" }) })).ok).toBe(true);
    expect(t.publicPages.changes).toBe(before + 2);
  });

  it("refuses invalid fields with the verification's own codes and stores nothing", async () => {
    const t = createTestAccounts();
    const userId = await agent(t, "approved");
    const cases: Array<[Partial<AgentDetailsInput>, string]> = [
      [{ businessName: "  " }, "auth.verification_field_required"],
      [{ businessPhone: "12" }, "auth.invalid_phone"],
      [{ businessEmail: "not-an-email" }, "auth.invalid_email"],
      [{ websiteUrl: "javascript:alert(1)" }, "auth.invalid_url"],
    ];
    for (const [over, code] of cases) {
      const result = await updateAgentProfile(t.deps, { userId, details: details(over) });
      expect(result.ok ? "ok" : result.error.code).toBe(code);
    }
    expect((await agentProfileFor(t.deps, userId))?.businessName).toBe("Old name");
  });

  it("refuses a pending agent and a student", async () => {
    const t = createTestAccounts();
    const pendingId = await agent(t, "pending");
    const studentId = await confirmedAccount(t, { email: "student@example.cm" });
    const pending = await updateAgentProfile(t.deps, { userId: pendingId, details: details() });
    expect(pending.ok ? "ok" : pending.error.code).toBe("auth.forbidden");
    const student = await updateAgentProfile(t.deps, { userId: studentId, details: details() });
    expect(student.ok ? "ok" : student.error.code).toBe("auth.agent_not_found");
    expect((await agentProfileFor(t.deps, pendingId))?.businessName).toBe("Old name");
    expect(await agentProfileFor(t.deps, studentId)).toBeNull();
  });
});

describe("acceptAgentTerms", () => {
  it("records the first acceptance's date and keeps it", async () => {
    const t = createTestAccounts();
    const userId = await agent(t, "approved");
    expect((await agentProfileFor(t.deps, userId))?.termsAcceptedAt).toBeNull();
    const first = t.clock.now();
    expect(await acceptAgentTerms(t.deps, { userId })).toEqual({ ok: true, value: { acceptedAt: first } });
    t.clock.advance(86_400_000);
    expect(await acceptAgentTerms(t.deps, { userId })).toEqual({ ok: true, value: { acceptedAt: first } });
    expect((await agentProfileFor(t.deps, userId))?.termsAcceptedAt).toEqual(first);
  });

  it("refuses a pending agent", async () => {
    const t = createTestAccounts();
    const userId = await agent(t, "pending");
    const result = await acceptAgentTerms(t.deps, { userId });
    expect(result.ok ? "ok" : result.error.code).toBe("auth.forbidden");
  });
});
