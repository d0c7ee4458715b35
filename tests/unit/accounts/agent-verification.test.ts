import { describe, expect, it } from "vitest";
import { detectDocumentType, MAX_DOCUMENT_BYTES } from "#domain/accounts/agent.entity";
import { getSessionUser, createSession } from "#domain/accounts/manage-sessions.use-case";
import { approveAgent, rejectAgent } from "#domain/accounts/review-agent.use-case";
import { pendingAgentQueue } from "#domain/accounts/agent-documents.queries";
import { signUp } from "#domain/accounts/sign-up.use-case";
import { submitAgentVerification, type AgentVerificationInput } from "#domain/accounts/submit-agent-verification.use-case";
import { confirmedAccount, createTestAccounts, validSignUp, type TestAccounts } from "./support";

const pdf = (size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);
  return bytes;
};
const jpeg = () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const png = () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const exe = () => new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03]);

const verification = (over: Partial<AgentVerificationInput> = {}): AgentVerificationInput => ({
  businessName: " Buea Homes ",
  licenseNumber: "LIC-2026-001",
  specializations: ["student rooms", "studios", "studios", " "],
  businessPhone: "677 00 11 22",
  businessEmail: "Office@BueaHomes.cm",
  businessAddress: "Molyko, Buea",
  websiteUrl: "https://bueahomes.cm",
  documents: [{ name: "licence.pdf", bytes: pdf() }],
  ...over,
});

async function agentAccount(t: TestAccounts, email = "agent@example.cm") {
  const result = await signUp(t.deps, validSignUp({ email, accountKind: "agent" }));
  if (!result.ok) throw new Error(result.error.code);
  return result.value.userId;
}

async function adminAccount(t: TestAccounts) {
  const id = await confirmedAccount(t, { email: "admin@kamernest.cm" });
  await t.repos.accounts.update(id, { role: "admin", updatedAt: t.clock.now() });
  return id;
}

describe("detectDocumentType", () => {
  it("reads the type from the first bytes", () => {
    expect(detectDocumentType(pdf())).toBe("application/pdf");
    expect(detectDocumentType(jpeg())).toBe("image/jpeg");
    expect(detectDocumentType(png())).toBe("image/png");
    expect(detectDocumentType(exe())).toBeNull();
    expect(detectDocumentType(new Uint8Array([0x25, 0x50]))).toBeNull();
  });
});

describe("submitAgentVerification", () => {
  it("sets the agent pending with the default commission rate and stores the documents", async () => {
    const t = createTestAccounts();
    const userId = await agentAccount(t);
    const result = await submitAgentVerification(t.deps, {
      userId,
      verification: verification({
        documents: [
          { name: "licence.pdf", bytes: pdf() },
          { name: "id-card.jpg", bytes: jpeg() },
          { name: "../../etc/passwd.png", bytes: png() },
        ],
      }),
    });
    expect(result).toEqual({ ok: true, value: { status: "pending" } });
    const agent = await t.repos.agents.findByUserId(userId);
    expect(agent).toMatchObject({
      status: "pending",
      commissionRate: 5,
      businessName: "Buea Homes",
      businessPhone: "+237677001122",
      businessEmail: "office@bueahomes.cm",
      specializations: ["student rooms", "studios"],
      websiteUrl: "https://bueahomes.cm",
    });
    const docs = await t.repos.agents.listDocuments(userId);
    expect(docs.map((d) => [d.mimeType, d.originalName])).toEqual([
      ["application/pdf", "licence.pdf"],
      ["image/jpeg", "id-card.jpg"],
      ["image/png", "passwd.png"],
    ]);
    for (const d of docs) expect((await t.storage.get(d.storageKey))?.contentType).toBe(d.mimeType);
    const session = await createSession(t.deps, { userId });
    expect(await getSessionUser(t.deps, session.sessionId)).toMatchObject({ isAgent: true, agentStatus: "pending" });
  });

  it("judges a file by its bytes, not its name", async () => {
    const t = createTestAccounts();
    const userId = await agentAccount(t);
    const result = await submitAgentVerification(t.deps, {
      userId,
      verification: verification({ documents: [{ name: "licence.pdf", bytes: exe() }] }),
    });
    expect(result).toEqual({ ok: false, error: { code: "auth.document_type", params: { name: "licence.pdf" } } });
    expect((await t.repos.agents.findByUserId(userId))?.status).toBe("unsubmitted");
    expect(t.storage.files.size).toBe(0);
  });

  it("accepts a document of exactly 5 MB and refuses one byte more", async () => {
    const t = createTestAccounts();
    const userId = await agentAccount(t);
    const tooBig = await submitAgentVerification(t.deps, {
      userId,
      verification: verification({ documents: [{ name: "big.pdf", bytes: pdf(MAX_DOCUMENT_BYTES + 1) }] }),
    });
    expect(tooBig).toEqual({ ok: false, error: { code: "auth.document_too_large", params: { name: "big.pdf" } } });
    expect(
      (
        await submitAgentVerification(t.deps, {
          userId,
          verification: verification({ documents: [{ name: "ok.pdf", bytes: pdf(MAX_DOCUMENT_BYTES) }] }),
        })
      ).ok,
    ).toBe(true);
  });

  it("needs at least one document and every business field", async () => {
    const t = createTestAccounts();
    const userId = await agentAccount(t);
    expect(await submitAgentVerification(t.deps, { userId, verification: verification({ documents: [] }) })).toEqual({
      ok: false,
      error: { code: "auth.document_required" },
    });
    expect(await submitAgentVerification(t.deps, { userId, verification: verification({ licenseNumber: " " }) })).toEqual({
      ok: false,
      error: { code: "auth.verification_field_required", params: { field: "licenseNumber" } },
    });
    expect(await submitAgentVerification(t.deps, { userId, verification: verification({ businessPhone: "12" }) })).toEqual({
      ok: false,
      error: { code: "auth.invalid_phone" },
    });
    expect(await submitAgentVerification(t.deps, { userId, verification: verification({ websiteUrl: "javascript:alert(1)" }) })).toEqual({
      ok: false,
      error: { code: "auth.invalid_url" },
    });
  });

  it("makes a student who submits an agent, and lets a pending agent replace the submission", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    expect((await submitAgentVerification(t.deps, { userId, verification: verification() })).ok).toBe(true);
    expect((await t.repos.accounts.findById(userId))?.role).toBe("agent");
    const first = await t.repos.agents.listDocuments(userId);
    expect(await submitAgentVerification(t.deps, { userId, verification: verification({ businessName: "Corrected Estates" }) })).toEqual({
      ok: true,
      value: { status: "pending" },
    });
    const agent = await t.repos.agents.findByUserId(userId);
    expect(agent?.status).toBe("pending");
    expect(agent?.businessName).toBe("Corrected Estates");
    const second = await t.repos.agents.listDocuments(userId);
    expect(second.length).toBe(first.length);
    expect(second.map((d) => d.id)).not.toEqual(first.map((d) => d.id));
  });

  it("writes nothing and keeps no file when the transaction fails half-way", async () => {
    const t = createTestAccounts();
    const userId = await agentAccount(t);
    const addDocument = t.repos.agents.addDocument.bind(t.repos.agents);
    let calls = 0;
    t.repos.agents.addDocument = async (doc) => {
      calls += 1;
      if (calls === 2) throw new Error("disk full");
      return addDocument(doc);
    };
    await expect(
      submitAgentVerification(t.deps, {
        userId,
        verification: verification({
          documents: [
            { name: "a.pdf", bytes: pdf() },
            { name: "b.png", bytes: png() },
          ],
        }),
      }),
    ).rejects.toThrow("disk full");
    expect((await t.repos.agents.findByUserId(userId))?.status).toBe("unsubmitted");
    expect(await t.repos.agents.listDocuments(userId)).toEqual([]);
    expect(t.storage.files.size).toBe(0);
  });

  it("deletes the stored files when storing a later one fails", async () => {
    const t = createTestAccounts();
    const userId = await agentAccount(t);
    const put = t.storage.put.bind(t.storage);
    let calls = 0;
    t.storage.put = async (key, bytes, type) => {
      calls += 1;
      if (calls === 2) throw new Error("storage down");
      return put(key, bytes, type);
    };
    await expect(
      submitAgentVerification(t.deps, {
        userId,
        verification: verification({
          documents: [
            { name: "a.pdf", bytes: pdf() },
            { name: "b.png", bytes: png() },
          ],
        }),
      }),
    ).rejects.toThrow("storage down");
    expect(t.storage.files.size).toBe(0);
    expect((await t.repos.agents.findByUserId(userId))?.status).toBe("unsubmitted");
  });

  it("refuses an admin", async () => {
    const t = createTestAccounts();
    const adminId = await adminAccount(t);
    expect(await submitAgentVerification(t.deps, { userId: adminId, verification: verification() })).toEqual({
      ok: false,
      error: { code: "auth.forbidden" },
    });
  });
});

describe("agent review", () => {
  async function pendingAgent(t: TestAccounts, language: "en" | "fr" = "en") {
    const result = await signUp(t.deps, validSignUp({ email: "agent@example.cm", accountKind: "agent", language }));
    if (!result.ok) throw new Error(result.error.code);
    const submitted = await submitAgentVerification(t.deps, { userId: result.value.userId, verification: verification() });
    if (!submitted.ok) throw new Error(submitted.error.code);
    return result.value.userId;
  }

  it("lets only an admin approve; approval is mailed and audit-logged", async () => {
    const t = createTestAccounts();
    const agentId = await pendingAgent(t);
    const adminId = await adminAccount(t);
    const student = await confirmedAccount(t, { email: "student@example.cm" });
    expect(await approveAgent(t.deps, { adminId: student, agentId })).toEqual({ ok: false, error: { code: "auth.forbidden" } });
    expect(await approveAgent(t.deps, { adminId, agentId })).toEqual({ ok: true, value: undefined });
    expect((await t.repos.agents.findByUserId(agentId))?.status).toBe("approved");
    expect(t.mailer.lastTo("agent@example.cm")?.text).toContain("https://kamernest.test/agents/properties");
    expect(await t.repos.auditLog.list({ action: "admin.agent_approved", limit: 5 })).toEqual([
      expect.objectContaining({
        actorId: adminId,
        data: { target: `agent:${agentId}`, before: JSON.stringify({ status: "pending" }), after: JSON.stringify({ status: "approved" }) },
      }),
    ]);
    expect(await approveAgent(t.deps, { adminId, agentId })).toEqual({ ok: false, error: { code: "auth.verification_not_pending" } });
  });

  it("rejects with a reason, in the agent's language, and lets the agent submit again", async () => {
    const t = createTestAccounts();
    const agentId = await pendingAgent(t, "fr");
    const adminId = await adminAccount(t);
    expect(await rejectAgent(t.deps, { adminId, agentId, reason: "  " })).toEqual({
      ok: false,
      error: { code: "auth.rejection_reason_required" },
    });
    expect(await rejectAgent(t.deps, { adminId, agentId, reason: "Licence illisible" })).toEqual({ ok: true, value: undefined });
    expect(await t.repos.agents.findByUserId(agentId)).toMatchObject({ status: "rejected", rejectionReason: "Licence illisible" });
    const mail = t.mailer.lastTo("agent@example.cm");
    expect(mail?.subject).toMatch(/n'a pas été approuvée/);
    expect(mail?.text).toContain("Licence illisible");
    expect(await t.repos.auditLog.list({ action: "admin.agent_rejected", limit: 5 })).toEqual([
      expect.objectContaining({
        actorId: adminId,
        data: expect.objectContaining({ target: `agent:${agentId}`, reason: "Licence illisible" }),
      }),
    ]);

    const oldKeys = (await t.repos.agents.listDocuments(agentId)).map((d) => d.storageKey);
    expect((await submitAgentVerification(t.deps, { userId: agentId, verification: verification() })).ok).toBe(true);
    expect(await t.repos.agents.findByUserId(agentId)).toMatchObject({ status: "pending", rejectionReason: null });
    // The rejected submission's files are replaced, not left behind.
    for (const key of oldKeys) expect(await t.storage.get(key)).toBeNull();
    expect(await t.repos.agents.listDocuments(agentId)).toHaveLength(1);
  });

  it("answers agent_not_found for an account with no agent row", async () => {
    const t = createTestAccounts();
    const adminId = await adminAccount(t);
    const student = await confirmedAccount(t, { email: "student@example.cm" });
    expect(await approveAgent(t.deps, { adminId, agentId: student })).toEqual({ ok: false, error: { code: "auth.agent_not_found" } });
  });
});

describe("pendingAgentQueue", () => {
  it("gives each pending agent its account and own documents, oldest submission first, in one read of each", async () => {
    const t = createTestAccounts();
    const first = await agentAccount(t, "first@example.cm");
    const second = await agentAccount(t, "second@example.cm");
    await agentAccount(t, "never-submitted@example.cm");
    const twoFiles = {
      documents: [
        { name: "licence.pdf", bytes: pdf() },
        { name: "id.png", bytes: png() },
      ],
    };
    expect((await submitAgentVerification(t.deps, { userId: first, verification: verification(twoFiles) })).ok).toBe(true);
    t.clock.advance(60_000);
    expect((await submitAgentVerification(t.deps, { userId: second, verification: verification() })).ok).toBe(true);
    const reads = { accounts: 0, documents: 0 };
    const queue = await pendingAgentQueue(
      {
        accounts: { findByIds: (ids) => (reads.accounts++, t.repos.accounts.findByIds(ids)) },
        agents: {
          listByStatus: (status, limit) => t.repos.agents.listByStatus(status, limit),
          listDocumentsOf: (ids) => (reads.documents++, t.repos.agents.listDocumentsOf(ids)),
        },
      },
      50,
    );
    expect(reads).toEqual({ accounts: 1, documents: 1 });
    expect(queue.map((q) => [q.account?.email, q.documents.map((d) => d.originalName)])).toEqual([
      ["first@example.cm", ["licence.pdf", "id.png"]],
      ["second@example.cm", ["licence.pdf"]],
    ]);
  });
});
