// The agent earnings read model on SQLite and PostgreSQL: the totals are summed by the database
// (SUM … GROUP BY status), the list is one page joined to the property's title. No student column
// is selected: the page never shows who the student was.
import type { Kysely } from "kysely";
import type { AgentEarningLine, AgentEarningsReader, EarningsStatusTotal } from "#domain/commission/agent-earnings-reader.port";
import type { CommissionStatus } from "#domain/commission/commission.entity";
import type { Database } from "../db/schema";

export class KyselyAgentEarningsReader implements AgentEarningsReader {
  constructor(private readonly db: Kysely<Database>) {}

  async totalsByStatus(agentId: string): Promise<EarningsStatusTotal[]> {
    const rows = await this.db
      .selectFrom("commission_earnings")
      .select((eb) => ["status", eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.val(0)).as("amount"), eb.fn.countAll<number>().as("count")])
      .where("agent_id", "=", agentId)
      .groupBy("status")
      .execute();
    // PostgreSQL answers SUM and COUNT as strings (numeric, bigint).
    return rows.map((r) => ({ status: r.status as CommissionStatus, amount: Number(r.amount), count: Number(r.count) }));
  }

  async listEarnings(agentId: string, window: { offset: number; limit: number }): Promise<{ items: AgentEarningLine[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom("commission_earnings")
        .innerJoin("properties", "properties.id", "commission_earnings.property_id")
        .select([
          "commission_earnings.id as id",
          "commission_earnings.date as date",
          "commission_earnings.property_id as propertyId",
          "properties.title as propertyTitle",
          "commission_earnings.amount as amount",
          "commission_earnings.status as status",
          "commission_earnings.void_reason as voidReason",
        ])
        .where("commission_earnings.agent_id", "=", agentId)
        .orderBy("commission_earnings.date", "desc")
        .orderBy("commission_earnings.id", "desc")
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      this.db
        .selectFrom("commission_earnings")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("agent_id", "=", agentId)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(count.n),
      items: rows.map((r) => ({
        id: r.id,
        date: new Date(r.date),
        propertyId: r.propertyId,
        propertyTitle: r.propertyTitle,
        amount: Number(r.amount),
        status: r.status as CommissionStatus,
        voidReason: r.status === "voided" ? r.voidReason : null,
      })),
    };
  }
}
