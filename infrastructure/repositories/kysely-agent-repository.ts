import type { Kysely, Selectable } from "kysely";
import type { AgentStatus } from "#domain/accounts/account.entity";
import type { AgentDocument, AgentProfile, AgentVerificationDetails, DocumentMimeType } from "#domain/accounts/agent.entity";
import type { AgentRepository } from "#domain/accounts/agent-repository.port";
import type { AgentsTable, Database } from "../db/schema";
import { sliceIds } from "./id-slices";

const toAgent = (row: Selectable<AgentsTable>): AgentProfile => ({
  userId: row.user_id,
  status: row.verification_status,
  businessName: row.business_name,
  licenseNumber: row.license_number,
  specializations: JSON.parse(row.specializations) as string[],
  commissionRate: Number(row.commission_rate),
  businessPhone: row.business_phone,
  businessEmail: row.business_email,
  businessAddress: row.business_address,
  websiteUrl: row.website_url,
  rejectionReason: row.rejection_reason,
  submittedAt: row.submitted_at ? new Date(row.submitted_at) : null,
  reviewedAt: row.reviewed_at ? new Date(row.reviewed_at) : null,
  payoutSchedule: row.payout_schedule,
  termsAcceptedAt: row.terms_accepted_at ? new Date(row.terms_accepted_at) : null,
  createdAt: new Date(row.created_at),
});

const EMPTY_AGENT = {
  business_name: null,
  license_number: null,
  business_phone: null,
  business_email: null,
  business_address: null,
  website_url: null,
  bio: null,
  rejection_reason: null,
  submitted_at: null,
  reviewed_at: null,
  terms_accepted_at: null,
};

export class KyselyAgentRepository implements AgentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findByUserId(userId: string) {
    const row = await this.db.selectFrom("agents").selectAll().where("user_id", "=", userId).executeTakeFirst();
    return row ? toAgent(row) : null;
  }

  async createUnsubmitted(userId: string, createdAt: Date) {
    // The column's default is 'pending' (the spec's default); a new agent has submitted nothing yet.
    await this.db
      .insertInto("agents")
      .values({ user_id: userId, ...EMPTY_AGENT, verification_status: "unsubmitted", created_at: createdAt.toISOString() })
      .execute();
  }

  async saveSubmission(userId: string, d: AgentVerificationDetails, submittedAt: Date) {
    const at = submittedAt.toISOString();
    const fields = {
      verification_status: "pending" as const,
      business_name: d.businessName,
      license_number: d.licenseNumber,
      specializations: JSON.stringify(d.specializations),
      business_phone: d.businessPhone,
      business_email: d.businessEmail,
      business_address: d.businessAddress,
      website_url: d.websiteUrl,
      rejection_reason: null,
      submitted_at: at,
      reviewed_at: null,
    };
    await this.db
      .insertInto("agents")
      .values({ user_id: userId, ...EMPTY_AGENT, ...fields, created_at: at })
      .onConflict((oc) => oc.column("user_id").doUpdateSet(fields))
      .execute();
    await this.db.deleteFrom("agent_documents").where("agent_id", "=", userId).execute();
  }

  async updateBusinessDetails(userId: string, d: AgentVerificationDetails) {
    const result = await this.db
      .updateTable("agents")
      .set({
        business_name: d.businessName,
        license_number: d.licenseNumber,
        specializations: JSON.stringify(d.specializations),
        business_phone: d.businessPhone,
        business_email: d.businessEmail,
        business_address: d.businessAddress,
        website_url: d.websiteUrl,
      })
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async acceptTerms(userId: string, at: Date) {
    // Conditional on not yet accepted: the first acceptance's date is the one that counts.
    const result = await this.db
      .updateTable("agents")
      .set({ terms_accepted_at: at.toISOString() })
      .where("user_id", "=", userId)
      .where("terms_accepted_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async addDocument(doc: AgentDocument) {
    await this.db
      .insertInto("agent_documents")
      .values({
        id: doc.id,
        agent_id: doc.agentId,
        storage_key: doc.storageKey,
        original_name: doc.originalName,
        mime_type: doc.mimeType,
        size_bytes: doc.sizeBytes,
        created_at: doc.createdAt.toISOString(),
      })
      .execute();
  }

  async listDocuments(agentId: string): Promise<AgentDocument[]> {
    return this.listDocumentsOf([agentId]);
  }

  async listDocumentsOf(agentIds: readonly string[]): Promise<AgentDocument[]> {
    const slices = await Promise.all(
      sliceIds(agentIds).map((slice) =>
        this.db.selectFrom("agent_documents").selectAll().where("agent_id", "in", slice).orderBy("created_at").orderBy("id").execute(),
      ),
    );
    return slices.flat().map((r) => ({
      id: r.id,
      agentId: r.agent_id,
      storageKey: r.storage_key,
      originalName: r.original_name,
      mimeType: r.mime_type as DocumentMimeType,
      sizeBytes: Number(r.size_bytes),
      createdAt: new Date(r.created_at),
    }));
  }

  async review(userId: string, decision: { status: "approved" | "rejected"; rejectionReason: string | null; reviewedAt: Date }) {
    const result = await this.db
      .updateTable("agents")
      .set({
        verification_status: decision.status,
        rejection_reason: decision.rejectionReason,
        reviewed_at: decision.reviewedAt.toISOString(),
      })
      .where("user_id", "=", userId)
      .where("verification_status", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async setApprovalWithheld(userId: string, withheld: boolean) {
    const [from, to] = withheld ? (["approved", "withheld"] as const) : (["withheld", "approved"] as const);
    // The row locked first, whatever its status (a no-op update, as lockAdmins; SQLite's
    // transactions already run one at a time): a suspension meeting an approval being written
    // waits for it and then sees 'approved'; an approval that comes after waits for this
    // transaction, then reads the suspended account (owner-standing.ts).
    await this.db
      .updateTable("agents")
      .set((eb) => ({ verification_status: eb.ref("verification_status") }))
      .where("user_id", "=", userId)
      .execute();
    const result = await this.db
      .updateTable("agents")
      .set({ verification_status: to })
      .where("user_id", "=", userId)
      .where("verification_status", "=", from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async listByStatus(status: AgentStatus, limit: number) {
    const rows = await this.db
      .selectFrom("agents")
      .selectAll()
      .where("verification_status", "=", status)
      .orderBy("submitted_at")
      .orderBy("user_id")
      .limit(limit)
      .execute();
    return rows.map(toAgent);
  }
}
