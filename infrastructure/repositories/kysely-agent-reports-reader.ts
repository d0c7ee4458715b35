// The agent's reports read model on SQLite and PostgreSQL: one query, one row per listing of the
// agent, each figure a correlated SUM or COUNT computed by the database (the primary key of
// property_view_days and bookings_property_idx serve them). The booking filter is the domain's
// (countsAsVisitBooking), written with its constants.
import type { Kysely } from "kysely";
import {
  COUNTED_BOOKING_PAYMENT_STATUS,
  UNCOUNTED_BOOKING_STATUS,
  type PropertyActivity,
  type ReportWindow,
} from "#domain/agent-reports/agent-report.entity";
import type { AgentReportsReader } from "#domain/agent-reports/agent-reports-reader.port";
import type { Database } from "../db/schema";

export class KyselyAgentReportsReader implements AgentReportsReader {
  constructor(private readonly db: Kysely<Database>) {}

  async activityByProperty(agentId: string, window: ReportWindow): Promise<PropertyActivity[]> {
    const from = window.from.toISOString();
    const to = window.to.toISOString();
    const rows = await this.db
      .selectFrom("properties as p")
      .select((eb) => [
        "p.id as propertyId",
        "p.title as title",
        "p.neighbourhood as neighbourhood",
        eb
          .selectFrom("property_view_days as v")
          .select((v) => v.fn.sum<number>("v.views").as("s"))
          .whereRef("v.property_id", "=", "p.id")
          .where("v.day", ">=", window.firstDay)
          .where("v.day", "<=", window.lastDay)
          .as("views"),
        eb
          .selectFrom("bookings as b")
          .select((b) => b.fn.countAll<number>().as("n"))
          .whereRef("b.property_id", "=", "p.id")
          .where("b.payment_status", "=", COUNTED_BOOKING_PAYMENT_STATUS)
          .where("b.booking_status", "!=", UNCOUNTED_BOOKING_STATUS)
          .where("b.created_at", ">=", from)
          .where("b.created_at", "<", to)
          .as("visitBookings"),
        eb
          .selectFrom("bookings as b")
          .select((b) => b.fn.countAll<number>().as("n"))
          .whereRef("b.property_id", "=", "p.id")
          .where("b.viewing_outcome", "=", "confirmed")
          .where("b.viewing_recorded_at", ">=", from)
          .where("b.viewing_recorded_at", "<", to)
          .as("confirmedViewings"),
      ])
      .where("p.agent_id", "=", agentId)
      .execute();
    // PostgreSQL answers SUM and COUNT as strings (numeric, bigint); a SUM over no rows is NULL.
    return rows.map((r) => ({
      propertyId: r.propertyId,
      title: r.title,
      neighbourhood: r.neighbourhood,
      views: Number(r.views ?? 0),
      visitBookings: Number(r.visitBookings ?? 0),
      confirmedViewings: Number(r.confirmedViewings ?? 0),
    }));
  }
}
