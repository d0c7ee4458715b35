import type { Kysely } from "kysely";
import type { AgentStatus } from "#domain/accounts/account.entity";
import type { BookableProperty, BookablePropertyStatus, BookingPropertyReader } from "#domain/booking/booking-property-reader.port";
import { visitingHoursOrDefault } from "#domain/booking/visiting-hours";
import type { Database } from "../db/schema";

export class KyselyBookingPropertyReader implements BookingPropertyReader {
  constructor(private readonly db: Kysely<Database>) {}

  async findPropertyForBooking(id: string): Promise<BookableProperty | null> {
    const row = await this.db
      .selectFrom("properties")
      // The agent's status decides whether the listing takes visits now (owner-standing.ts): one probe of agents' key.
      .leftJoin("agents", "agents.user_id", "properties.agent_id")
      .select([
        "properties.id",
        "properties.agent_id",
        "properties.title",
        "properties.status",
        "properties.is_available",
        "properties.hidden_at",
        "properties.visiting_hours",
        "agents.verification_status as agent_status",
      ])
      .where("properties.id", "=", id)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      agentId: row.agent_id,
      title: row.title,
      status: row.status as BookablePropertyStatus,
      isAvailable: Number(row.is_available) === 1,
      hidden: row.hidden_at !== null,
      agentStatus: (row.agent_status as AgentStatus | null) ?? null,
      // A malformed value falls back to the default hours rather than blocking every booking.
      visitingHours: visitingHoursOrDefault(row.visiting_hours),
    };
  }
}
