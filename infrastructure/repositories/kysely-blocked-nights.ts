// A guest house's blocked nights from a day on, in order: read by the public page, the booking
// form and the host area.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export async function blockedNightsFrom(db: Kysely<Database>, houseId: string, fromNight: string): Promise<string[]> {
  const rows = await db
    .selectFrom("guest_house_blocked_dates")
    .select("blocked_date")
    .where("guest_house_id", "=", houseId)
    .where("blocked_date", ">=", fromNight)
    .orderBy("blocked_date")
    .execute();
  return rows.map((r) => r.blocked_date);
}
