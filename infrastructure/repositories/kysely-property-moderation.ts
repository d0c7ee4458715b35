import { sql, type Kysely } from "kysely";
import type {
  ModeratedProperty,
  ModerationListQuery,
  ModerationRepos,
  ModerationRow,
  PropertyModerationRepository,
} from "#domain/property-moderation/property-moderation.port";
import type { UnitOfWork } from "#domain/shared/transaction";
import type { Database } from "../db/schema";
import { KyselyAccountAuditLog } from "./kysely-account-audit-log";
import { KyselyReportRepository } from "./kysely-report-repository";

export class KyselyPropertyModeration implements PropertyModerationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async lock(propertyId: string): Promise<ModeratedProperty | null> {
    // The portable row lock of KyselyReportRepository.lockListing: a no-op update, held until commit.
    await this.db
      .updateTable("properties")
      .set((eb) => ({ updated_at: eb.ref("updated_at") }))
      .where("id", "=", propertyId)
      .execute();
    return this.find(propertyId);
  }

  async find(propertyId: string): Promise<ModeratedProperty | null> {
    const row = await this.db
      .selectFrom("properties")
      .select(["id", "agent_id", "title", "is_verified", "hidden_at"])
      .where("id", "=", propertyId)
      .executeTakeFirst();
    return row
      ? {
          id: row.id,
          agentId: row.agent_id,
          title: row.title,
          isVerified: row.is_verified === 1,
          hiddenAt: row.hidden_at ? new Date(row.hidden_at) : null,
        }
      : null;
  }

  async setVerified(propertyId: string, verified: boolean, at: Date): Promise<void> {
    await this.db
      .updateTable("properties")
      .set({ is_verified: verified ? 1 : 0, updated_at: at.toISOString() })
      .where("id", "=", propertyId)
      .execute();
  }

  async setHidden(propertyId: string, hiddenAt: Date | null, at: Date): Promise<void> {
    await this.db
      .updateTable("properties")
      .set({ hidden_at: hiddenAt?.toISOString() ?? null, updated_at: at.toISOString() })
      .where("id", "=", propertyId)
      .execute();
  }

  async list(query: ModerationListQuery): Promise<{ items: ModerationRow[]; total: number }> {
    let base = this.db.selectFrom("properties as p").innerJoin("profiles as a", "a.id", "p.agent_id");
    switch (query.filter) {
      case "unverified":
        base = base.where("p.is_verified", "=", 0);
        break;
      case "verified":
        base = base.where("p.is_verified", "=", 1);
        break;
      case "hidden":
        base = base.where("p.hidden_at", "is not", null);
        break;
      case "reported":
        base = base.where((eb) =>
          eb.exists(
            eb.selectFrom("listing_reports as r").select("r.id").whereRef("r.property_id", "=", "p.id").where("r.status", "=", "open"),
          ),
        );
        break;
      case "all":
        break;
    }
    const [rows, count] = await Promise.all([
      base
        .select((eb) => [
          "p.id",
          "p.agent_id",
          "p.title",
          "p.is_verified",
          "p.hidden_at",
          "a.full_name",
          "a.email",
          "p.neighbourhood",
          "p.monthly_rent",
          "p.status",
          "p.created_at",
          eb
            .selectFrom("listing_reports as r")
            .select((e) => e.fn.countAll<number>().as("n"))
            .whereRef("r.property_id", "=", "p.id")
            .where("r.status", "=", "open")
            .as("open_reports"),
        ])
        .orderBy("p.is_verified", "asc")
        .orderBy("p.created_at", "desc")
        .orderBy("p.id", "desc")
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      // Capped, in the page's order, so it reads properties_moderation_idx and stops (decision 0148).
      this.db
        .selectFrom(
          base
            .select(sql<number>`1`.as("one"))
            .orderBy("p.is_verified", "asc")
            .orderBy("p.created_at", "desc")
            .orderBy("p.id", "desc")
            .limit(query.countLimit)
            .as("matches"),
        )
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(count.n),
      items: rows.map((r) => ({
        id: r.id,
        agentId: r.agent_id,
        title: r.title,
        isVerified: r.is_verified === 1,
        hiddenAt: r.hidden_at ? new Date(r.hidden_at) : null,
        agentName: r.full_name || r.email,
        neighbourhood: r.neighbourhood,
        monthlyRent: r.monthly_rent,
        status: r.status,
        openReports: Number(r.open_reports ?? 0),
        createdAt: new Date(r.created_at),
      })),
    };
  }
}

/** A moderation decision, its reports and its audit row in one database transaction. */
export function kyselyModerationUnitOfWork(db: Kysely<Database>): UnitOfWork<ModerationRepos> {
  return {
    run: (work) =>
      db.transaction().execute((trx) =>
        work({
          properties: new KyselyPropertyModeration(trx),
          reports: new KyselyReportRepository(trx),
          audit: new KyselyAccountAuditLog(trx),
        }),
      ),
  };
}
