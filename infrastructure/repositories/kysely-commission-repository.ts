import type { Kysely, Selectable } from "kysely";
import type { CommissionRepository } from "../../domain/commission/commission-repository.port";
import type { AgentEarningsSummary, AgentNoShows, CommissionEarning } from "../../domain/commission/commission.entity";
import type { CommissionEarningsTable, Database } from "../db/schema";

const iso = (d: Date) => d.toISOString();

const toEarning = (r: Selectable<CommissionEarningsTable>): CommissionEarning => ({
  id: r.id,
  agentId: r.agent_id,
  propertyId: r.property_id,
  bookingId: r.booking_id,
  amount: Number(r.amount),
  type: "visitation",
  date: new Date(r.date),
  paid: Number(r.paid) === 1,
  paidDate: r.paid_date ? new Date(r.paid_date) : null,
});

export class KyselyCommissionRepository implements CommissionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertEarning(e: CommissionEarning): Promise<"inserted" | "duplicate"> {
    // commission_earnings.booking_id is unique: a viewing earns once.
    const row = await this.db
      .insertInto("commission_earnings")
      .values({
        id: e.id,
        agent_id: e.agentId,
        property_id: e.propertyId,
        booking_id: e.bookingId,
        amount: e.amount,
        type: e.type,
        date: iso(e.date),
        paid: e.paid ? 1 : 0,
        paid_date: e.paidDate ? iso(e.paidDate) : null,
      })
      .onConflict((oc) => oc.column("booking_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    return row ? "inserted" : "duplicate";
  }

  async findByBookingId(bookingId: string): Promise<CommissionEarning | null> {
    const row = await this.db.selectFrom("commission_earnings").selectAll().where("booking_id", "=", bookingId).executeTakeFirst();
    return row ? toEarning(row) : null;
  }

  async agentEarnings(agentId: string): Promise<AgentEarningsSummary> {
    const row = await this.db
      .selectFrom("commission_earnings")
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.val(0)).as("total"),
        eb.fn.coalesce(eb.fn.sum<number>(eb.case().when("paid", "=", 1).then(eb.ref("amount")).else(0).end()), eb.val(0)).as("paid"),
        eb.fn.countAll<number>().as("count"),
      ])
      .where("agent_id", "=", agentId)
      .executeTakeFirstOrThrow();
    const total = Number(row.total);
    const paid = Number(row.paid);
    return { total, paid, unpaid: total - paid, count: Number(row.count) };
  }

  async noShowCountsByAgent(): Promise<AgentNoShows[]> {
    const rows = await this.db
      .selectFrom("bookings")
      .innerJoin("properties", "properties.id", "bookings.property_id")
      .select((eb) => ["properties.agent_id as agentId", eb.fn.countAll<number>().as("noShows")])
      .where("bookings.viewing_outcome", "=", "no_show")
      .groupBy("properties.agent_id")
      .execute();
    return rows
      .map((r) => ({ agentId: r.agentId, noShows: Number(r.noShows) }))
      .sort((a, b) => b.noShows - a.noShows || a.agentId.localeCompare(b.agentId));
  }
}
