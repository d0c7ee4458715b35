import { afterEach, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../support/test-database";
import type { AgentDocument, AgentVerificationDetails } from "#domain/accounts/agent.entity";
import { accountKinds, accountsHarness, anAccount, at, type AccountsHarness } from "./accounts-harness";

const details = (over: Partial<AgentVerificationDetails> = {}): AgentVerificationDetails => ({
  businessName: "Buea Homes",
  licenseNumber: "LIC-1",
  specializations: ["rooms", "studios"],
  businessPhone: "+237677001122",
  businessEmail: "office@bueahomes.cm",
  businessAddress: "Molyko",
  websiteUrl: null,
  ...over,
});

const aDocument = (id: string, agentId = "u1"): AgentDocument => ({
  id,
  agentId,
  storageKey: `agent-documents/${agentId}/${id}.pdf`,
  originalName: `${id}.pdf`,
  mimeType: "application/pdf",
  sizeBytes: 1234,
  createdAt: at(2),
});

describeEachDatabase(accountKinds())("AgentRepository on %s", (kind) => {
  let h: AccountsHarness;
  beforeEach(async () => {
    h = await accountsHarness(kind);
    for (const id of ["u1", "u2", "u3"]) await h.repos.accounts.insert(anAccount({ id, role: "agent" }));
  });
  afterEach(() => h.close());

  it("creates an unsubmitted agent with the defaults", async () => {
    await h.repos.agents.createUnsubmitted("u1", at(1));
    expect(await h.repos.agents.findByUserId("u1")).toEqual({
      userId: "u1",
      status: "unsubmitted",
      businessName: null,
      licenseNumber: null,
      specializations: [],
      commissionRate: 5,
      businessPhone: null,
      businessEmail: null,
      businessAddress: null,
      websiteUrl: null,
      rejectionReason: null,
      submittedAt: null,
      reviewedAt: null,
      payoutSchedule: "weekly",
      termsAcceptedAt: null,
      createdAt: at(1),
    });
    expect(await h.repos.agents.findByUserId("u2")).toBeNull();
  });

  it("saves a submission as pending, creating the row when missing", async () => {
    await h.repos.agents.saveSubmission("u2", details({ websiteUrl: "https://x.cm" }), at(3));
    expect(await h.repos.agents.findByUserId("u2")).toMatchObject({
      status: "pending",
      ...details({ websiteUrl: "https://x.cm" }),
      commissionRate: 5,
      submittedAt: at(3),
      createdAt: at(3),
    });
  });

  it("replaces an earlier rejected submission and its documents", async () => {
    await h.repos.agents.createUnsubmitted("u1", at(1));
    await h.repos.agents.saveSubmission("u1", details(), at(2));
    await h.repos.agents.addDocument(aDocument("d1"));
    await h.repos.agents.addDocument(aDocument("d2"));
    expect(await h.repos.agents.review("u1", { status: "rejected", rejectionReason: "blurry", reviewedAt: at(4) })).toBe(true);
    await h.repos.agents.saveSubmission("u1", details({ businessName: "Buea Homes Ltd" }), at(5));
    expect(await h.repos.agents.findByUserId("u1")).toMatchObject({
      status: "pending",
      businessName: "Buea Homes Ltd",
      rejectionReason: null,
      reviewedAt: null,
      submittedAt: at(5),
      createdAt: at(1),
    });
    expect(await h.repos.agents.listDocuments("u1")).toEqual([]);
  });

  it("lists an agent's documents only", async () => {
    await h.repos.agents.saveSubmission("u1", details(), at(2));
    await h.repos.agents.saveSubmission("u2", details(), at(2));
    await h.repos.agents.addDocument(aDocument("d1"));
    await h.repos.agents.addDocument(aDocument("d2"));
    await h.repos.agents.addDocument(aDocument("d3", "u2"));
    expect(await h.repos.agents.listDocuments("u1")).toEqual([aDocument("d1"), aDocument("d2")]);
    // The review queue's batch read: several agents' documents at once, none of another's.
    await h.repos.agents.saveSubmission("u3", details(), at(2));
    await h.repos.agents.addDocument(aDocument("d4", "u3"));
    const byId = (docs: AgentDocument[]) => [...docs].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(await h.repos.agents.listDocumentsOf(["u1", "u2", "nobody"]))).toEqual([
      aDocument("d1"),
      aDocument("d2"),
      aDocument("d3", "u2"),
    ]);
    expect(await h.repos.agents.listDocumentsOf([])).toEqual([]);
  });

  it("reviews a pending agent once only", async () => {
    await h.repos.agents.saveSubmission("u1", details(), at(2));
    await h.repos.agents.createUnsubmitted("u2", at(2));
    expect(await h.repos.agents.review("u2", { status: "approved", rejectionReason: null, reviewedAt: at(3) })).toBe(false);
    const both = await Promise.all([
      h.repos.agents.review("u1", { status: "approved", rejectionReason: null, reviewedAt: at(3) }),
      h.repos.agents.review("u1", { status: "rejected", rejectionReason: "no", reviewedAt: at(3) }),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(["approved", "rejected"]).toContain((await h.repos.agents.findByUserId("u1"))?.status);
    expect((await h.repos.agents.findByUserId("u1"))?.reviewedAt).toEqual(at(3));
  });

  it("withholds an approved agent's approval and gives it back, and touches no other status (issue 30)", async () => {
    await h.repos.agents.saveSubmission("u1", details(), at(2));
    await h.repos.agents.review("u1", { status: "approved", rejectionReason: null, reviewedAt: at(3) });
    await h.repos.agents.saveSubmission("u2", details(), at(2));
    const status = async (id: string) => (await h.repos.agents.findByUserId(id))?.status;

    expect(await h.repos.agents.setApprovalWithheld("u1", false)).toBe(false);
    expect(await h.repos.agents.setApprovalWithheld("u1", true)).toBe(true);
    expect(await status("u1")).toBe("withheld");
    expect(await h.repos.agents.setApprovalWithheld("u1", true)).toBe(false);
    expect((await h.repos.agents.listByStatus("withheld", 10)).map((a) => a.userId)).toEqual(["u1"]);
    expect(await h.repos.agents.setApprovalWithheld("u1", false)).toBe(true);
    expect(await status("u1")).toBe("approved");

    for (const withheld of [true, false]) {
      expect(await h.repos.agents.setApprovalWithheld("u2", withheld)).toBe(false);
      expect(await h.repos.agents.setApprovalWithheld("u3", withheld)).toBe(false);
    }
    expect(await status("u2")).toBe("pending");
    expect(await status("u3")).toBeUndefined();
  });

  it("lists agents by status, oldest submission first", async () => {
    await h.repos.agents.saveSubmission("u1", details(), at(5));
    await h.repos.agents.saveSubmission("u2", details(), at(3));
    await h.repos.agents.createUnsubmitted("u3", at(1));
    expect((await h.repos.agents.listByStatus("pending", 10)).map((a) => a.userId)).toEqual(["u2", "u1"]);
    expect((await h.repos.agents.listByStatus("pending", 1)).map((a) => a.userId)).toEqual(["u2"]);
    expect((await h.repos.agents.listByStatus("unsubmitted", 10)).map((a) => a.userId)).toEqual(["u3"]);
  });

  it("updates the business fields only: status, review, commission rate and payout schedule stay", async () => {
    await h.repos.agents.saveSubmission("u1", details(), at(2));
    await h.repos.agents.review("u1", { status: "approved", rejectionReason: null, reviewedAt: at(3) });
    const before = await h.repos.agents.findByUserId("u1");
    const edited = details({
      businessName: "Ngwa Homes",
      specializations: ["studios"],
      websiteUrl: "https://ngwa.cm",
      businessAddress: "Bonduma",
    });
    expect(await h.repos.agents.updateBusinessDetails("u1", edited)).toBe(true);
    expect(await h.repos.agents.findByUserId("u1")).toEqual({ ...before, ...edited });
    expect(await h.repos.agents.updateBusinessDetails("u3", edited)).toBe(false);
    expect(await h.repos.agents.findByUserId("u3")).toBeNull();
  });

  it("records the acceptance of the agent terms once", async () => {
    await h.repos.agents.createUnsubmitted("u1", at(1));
    expect(await h.repos.agents.acceptTerms("u1", at(4))).toBe(true);
    expect(await h.repos.agents.acceptTerms("u1", at(6))).toBe(false);
    expect((await h.repos.agents.findByUserId("u1"))?.termsAcceptedAt).toEqual(at(4));
    expect(await h.repos.agents.acceptTerms("u2", at(4))).toBe(false);
  });
});
