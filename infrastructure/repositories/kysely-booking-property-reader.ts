import type { Kysely } from "kysely";
import type { BookableProperty, BookablePropertyStatus, BookingPropertyReader } from "../../domain/booking/booking-property-reader.port";
import { visitingHoursOrDefault } from "../../domain/booking/visiting-hours";
import type { Database } from "../db/schema";

export class KyselyBookingPropertyReader implements BookingPropertyReader {
  constructor(private readonly db: Kysely<Database>) {}

  async findPropertyForBooking(id: string): Promise<BookableProperty | null> {
    const row = await this.db
      .selectFrom("properties")
      .select(["id", "agent_id", "title", "status", "is_available", "hidden_at", "visiting_hours"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      agentId: row.agent_id,
      title: row.title,
      status: row.status as BookablePropertyStatus,
      isAvailable: Number(row.is_available) === 1,
      hidden: row.hidden_at !== null,
      // A malformed value falls back to the default hours rather than blocking every booking.
      visitingHours: visitingHoursOrDefault(row.visiting_hours),
    };
  }
}
