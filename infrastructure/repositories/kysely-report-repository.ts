import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { ListingReport, ReportDecision, ReportStatus, ReportedListing } from "#domain/reports/listing-report.entity";
import { isReportReason } from "#domain/reports/listing-report.entity";
import type { FiledReport, OpenReportView, ReportRepos, ReportRepository } from "#domain/reports/report-repository.port";
import type { UnitOfWork } from "#domain/shared/transaction";
import type { Database } from "../db/schema";
import { auditData } from "#domain/accounts/audit-log.port";
import { REPORT_CLOSED_ACTION } from "#domain/reports/review-report.use-case";

type ReportRow = {
  id: string;
  property_id: string;
  reporter_id: string;
  reason: string;
  details: string;
  status: "open" | "dismissed" | "upheld";
  created_at: string;
  reviewed_at: string | null;
};

function toReport(r: ReportRow): ListingReport {
  return {
    id: r.id,
    propertyId: r.property_id,
    reporterId: r.reporter_id,
    reason: isReportReason(r.reason) ? r.reason : "other",
    details: r.details,
    status: r.status,
    createdAt: new Date(r.created_at),
    reviewedAt: r.reviewed_at ? new Date(r.reviewed_at) : null,
  };
}

export class KyselyReportRepository implements ReportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async lockListing(propertyId: string): Promise<ReportedListing | null> {
    // A no-op update takes the row lock on PostgreSQL (and the write lock on SQLite) portably, where
    // SELECT ... FOR UPDATE would not parse on SQLite. Inside a transaction it holds until commit.
    await this.db
      .updateTable("properties")
      .set((eb) => ({ updated_at: eb.ref("updated_at") }))
      .where("id", "=", propertyId)
      .execute();
    const row = await this.db
      .selectFrom("properties")
      .select(["id", "agent_id", "hidden_at"])
      .where("id", "=", propertyId)
      .executeTakeFirst();
    return row ? { id: row.id, agentId: row.agent_id, hiddenAt: row.hidden_at ? new Date(row.hidden_at) : null } : null;
  }

  async lockReporter(userId: string): Promise<void> {
    // The same portable no-op update as lockListing, on the reporter's profile.
    await this.db
      .updateTable("profiles")
      .set((eb) => ({ updated_at: eb.ref("updated_at") }))
      .where("id", "=", userId)
      .execute();
  }

  async countReportsSince(reporterId: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom("listing_reports")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("reporter_id", "=", reporterId)
      .where("created_at", ">=", since.toISOString())
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countTrustedOpenReporters(propertyId: string, accountsCreatedBy: Date): Promise<number> {
    const row = await this.db
      .selectFrom("listing_reports as r")
      .innerJoin("profiles as u", "u.id", "r.reporter_id")
      .select((eb) => eb.fn.count<number>("r.reporter_id").distinct().as("n"))
      .where("r.property_id", "=", propertyId)
      .where("r.status", "=", "open")
      .where("u.email_confirmed_at", "is not", null)
      .where("u.created_at", "<=", accountsCreatedBy.toISOString())
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async add(report: ListingReport): Promise<boolean> {
    const inserted = await this.db
      .insertInto("listing_reports")
      .values({
        id: report.id,
        property_id: report.propertyId,
        reporter_id: report.reporterId,
        reason: report.reason,
        details: report.details,
        status: report.status,
        created_at: report.createdAt.toISOString(),
        reviewed_at: report.reviewedAt?.toISOString() ?? null,
      })
      // The partial unique index listing_reports_open_uq: one open report per user per listing. SQLite only
      // matches a partial index when the predicate is written as in the index, so a literal, not a parameter.
      .onConflict((oc) => oc.columns(["property_id", "reporter_id"]).where("status", "=", sql.lit("open")).doNothing())
      .returning("id")
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async findById(reportId: string): Promise<ListingReport | null> {
    const row = await this.db.selectFrom("listing_reports").selectAll().where("id", "=", reportId).executeTakeFirst();
    return row ? toReport(row) : null;
  }

  async countOpenReporters(propertyId: string): Promise<number> {
    const row = await this.db
      .selectFrom("listing_reports")
      .select((eb) => eb.fn.count<number>("reporter_id").distinct().as("n"))
      .where("property_id", "=", propertyId)
      .where("status", "=", "open")
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countUpheld(propertyId: string): Promise<number> {
    const row = await this.db
      .selectFrom("listing_reports")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("property_id", "=", propertyId)
      .where("status", "=", "upheld")
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async closeOpen(propertyId: string, status: Exclude<ReportStatus, "open">, at: Date, reportId?: string): Promise<number> {
    let q = this.db
      .updateTable("listing_reports")
      .set({ status, reviewed_at: at.toISOString() })
      .where("property_id", "=", propertyId)
      .where("status", "=", "open");
    if (reportId !== undefined) q = q.where("id", "=", reportId);
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async hideListing(propertyId: string, at: Date): Promise<void> {
    await this.db
      .updateTable("properties")
      .set({ hidden_at: at.toISOString(), updated_at: at.toISOString() })
      .where("id", "=", propertyId)
      .where("hidden_at", "is", null)
      .execute();
  }

  async unhideListing(propertyId: string): Promise<void> {
    await this.db.updateTable("properties").set({ hidden_at: null }).where("id", "=", propertyId).execute();
  }

  async withdrawListing(propertyId: string, at: Date): Promise<void> {
    await this.db
      .updateTable("properties")
      .set((eb) => ({
        hidden_at: eb.fn.coalesce("hidden_at", eb.val(at.toISOString())),
        is_available: 0,
        updated_at: at.toISOString(),
      }))
      .where("id", "=", propertyId)
      .execute();
  }

  async recordDecision(entry: { adminId: string; reportId: string; decision: ReportDecision; at: Date }): Promise<void> {
    await this.db
      .insertInto("audit_log")
      .values({
        id: randomUUID(),
        actor_id: entry.adminId,
        action: REPORT_CLOSED_ACTION,
        data: JSON.stringify(
          auditData(`report:${entry.reportId}`, { status: "open" }, { status: entry.decision === "uphold" ? "upheld" : "dismissed" }),
        ),
        created_at: entry.at.toISOString(),
      })
      .execute();
  }

  async listFiledBy(reporterId: string, limit: number): Promise<FiledReport[]> {
    const rows = await this.db
      .selectFrom("listing_reports as r")
      .innerJoin("properties as p", "p.id", "r.property_id")
      .select(["r.id", "r.property_id", "r.reporter_id", "r.reason", "r.details", "r.status", "r.created_at", "r.reviewed_at", "p.title"])
      .where("r.reporter_id", "=", reporterId)
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      propertyId: r.property_id,
      reporterId: r.reporter_id,
      reason: isReportReason(r.reason) ? r.reason : "other",
      details: r.details,
      status: r.status,
      createdAt: new Date(r.created_at),
      reviewedAt: r.reviewed_at ? new Date(r.reviewed_at) : null,
      propertyTitle: r.title,
    }));
  }

  async listOpen(limit: number): Promise<OpenReportView[]> {
    const rows = await this.db
      .selectFrom("listing_reports as r")
      .innerJoin("properties as p", "p.id", "r.property_id")
      .innerJoin("profiles as u", "u.id", "r.reporter_id")
      .select(["r.id", "r.property_id", "p.title", "r.reporter_id", "u.full_name", "r.reason", "r.details", "r.created_at", "p.hidden_at"])
      .where("r.status", "=", "open")
      .orderBy("r.created_at", "asc")
      .orderBy("r.id", "asc")
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      propertyId: r.property_id,
      propertyTitle: r.title,
      reporterId: r.reporter_id,
      reporterName: r.full_name,
      reason: isReportReason(r.reason) ? r.reason : "other",
      details: r.details,
      createdAt: new Date(r.created_at),
      listingHidden: r.hidden_at !== null,
    }));
  }
}

/** Report writes in one database transaction. */
export function kyselyReportUnitOfWork(db: Kysely<Database>): UnitOfWork<ReportRepos> {
  return { run: (work) => db.transaction().execute((trx) => work({ reports: new KyselyReportRepository(trx) })) };
}
