// Approving an applicant with no document on file is refused unless the admin gives a reason,
// which the audit log keeps (issue 33, decision 0209): the pure rule, then the agent review.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { APPROVAL_OVERRIDE_REASON_MAX, decideApproval } from "#domain/accounts/approval-documents";
import { approveAgent } from "#domain/accounts/review-agent.use-case";
import { createTestAccounts, confirmedAccount, type TestAccounts } from "./support";

describe("decideApproval", () => {
  it("approves an applicant with documents, whatever the reason field holds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.option(fc.string()), (count, reason) => {
        expect(decideApproval(count, reason)).toEqual({ kind: "approve" });
      }),
    );
  });

  it("refuses an applicant with no document unless a reason is given", () => {
    for (const reason of [null, undefined, "", "   \n "])
      expect(decideApproval(0, reason)).toEqual({ kind: "refuse", why: "documents_missing" });
    expect(decideApproval(0, "  Met at the office, ID seen  ")).toEqual({ kind: "override", reason: "Met at the office, ID seen" });
    expect(decideApproval(0, "x".repeat(APPROVAL_OVERRIDE_REASON_MAX))).toMatchObject({ kind: "override" });
    expect(decideApproval(0, "x".repeat(APPROVAL_OVERRIDE_REASON_MAX + 1))).toEqual({ kind: "refuse", why: "reason_too_long" });
  });
});

describe("approveAgent with no document on file", () => {
  async function documentlessAgent(t: TestAccounts) {
    const agentId = await confirmedAccount(t, { email: "nodocs@example.cm" });
    await t.repos.accounts.update(agentId, { role: "agent", updatedAt: t.clock.now() });
    await t.repos.agents.saveSubmission(
      agentId,
      {
        businessName: "No Docs Homes",
        licenseNumber: "LIC-1",
        specializations: [],
        businessPhone: "+237677001122",
        businessEmail: "office@nodocs.cm",
        businessAddress: "Molyko, Buea",
        websiteUrl: null,
      },
      t.clock.now(),
    );
    const adminId = await confirmedAccount(t, { email: "admin@kamernest.cm" });
    await t.repos.accounts.update(adminId, { role: "admin", updatedAt: t.clock.now() });
    return { agentId, adminId };
  }

  it("is refused with a typed error and changes nothing", async () => {
    const t = createTestAccounts();
    const { agentId, adminId } = await documentlessAgent(t);
    expect(await approveAgent(t.deps, { adminId, agentId })).toEqual({ ok: false, error: { code: "auth.approval_documents_missing" } });
    expect(await approveAgent(t.deps, { adminId, agentId, overrideReason: "  " })).toEqual({
      ok: false,
      error: { code: "auth.approval_documents_missing" },
    });
    expect((await t.repos.agents.findByUserId(agentId))?.status).toBe("pending");
    expect(await t.repos.auditLog.list({ action: "admin.agent_approved", limit: 5 })).toEqual([]);
    expect(t.mailer.lastTo("nodocs@example.cm")?.subject).not.toMatch(/verified/i);
  });

  it("is approved with an override reason, which the audit row keeps", async () => {
    const t = createTestAccounts();
    const { agentId, adminId } = await documentlessAgent(t);
    expect(await approveAgent(t.deps, { adminId, agentId, overrideReason: "Licence seen at their office on 2 Nov" })).toEqual({
      ok: true,
      value: undefined,
    });
    expect((await t.repos.agents.findByUserId(agentId))?.status).toBe("approved");
    expect(await t.repos.auditLog.list({ action: "admin.agent_approved", limit: 5 })).toEqual([
      expect.objectContaining({
        actorId: adminId,
        data: expect.objectContaining({
          target: `agent:${agentId}`,
          reason: "Licence seen at their office on 2 Nov",
          override: "no_documents",
        }),
      }),
    ]);
  });
});
