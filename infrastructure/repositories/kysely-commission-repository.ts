import type { Kysely, Selectable } from "kysely";
import type { AuditLog } from "#domain/accounts/audit-log.port";
import type { CommissionRepository, InsertEarningResult } from "#domain/commission/commission-repository.port";
import type { AgentEarningsSummary, AgentNoShows, CommissionEarning, CommissionStatus } from "#domain/commission/commission.entity";
import type { UnitOfWork } from "#domain/shared/transaction";
import type { CommissionEarningsTable, Database } from "../db/schema";
import { KyselyAccountAuditLog } from "./kysely-account-audit-log";

const iso = (d: Date) => d.toISOString();

const toEarning = (r: Selectable<CommissionEarningsTable>): CommissionEarning => ({
  id: r.id,
  agentId: r.agent_id,
  propertyId: r.property_id,
  bookingId: r.booking_id,
  studentId: r.student_id,
  periodKey: r.period_key,
  amount: Number(r.amount),
  type: "visitation",
  date: new Date(r.date),
  status: r.status as CommissionStatus,
  paidDate: r.paid_date ? new Date(r.paid_date) : null,
  voidedAt: r.voided_at ? new Date(r.voided_at) : null,
  voidedBy: r.voided_by,
  voidReason: r.void_reason,
  payoutReference: r.payout_reference,
  // Only when a provider payout claimed it (the field is optional, like the in-memory store's).
  ...(r.payout_id ? { payoutId: r.payout_id } : {}),
});

export class KyselyCommissionRepository implements CommissionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertEarning(e: CommissionEarning): Promise<InsertEarningResult> {
    // Two unique constraints: booking_id (a viewing earns once) and commission_earnings_period_uq
    // (agent, student, period). ON CONFLICT DO NOTHING without a target covers both; on PostgreSQL a
    // concurrent insert of the same key waits for the other transaction and then does nothing.
    const row = await this.db
      .insertInto("commission_earnings")
      .values({
        id: e.id,
        agent_id: e.agentId,
        property_id: e.propertyId,
        booking_id: e.bookingId,
        student_id: e.studentId,
        period_key: e.periodKey,
        amount: e.amount,
        type: e.type,
        date: iso(e.date),
        status: e.status,
        paid: e.status === "paid" ? 1 : 0,
        paid_date: e.paidDate ? iso(e.paidDate) : null,
        voided_at: e.voidedAt ? iso(e.voidedAt) : null,
        voided_by: e.voidedBy,
        void_reason: e.voidReason,
        payout_reference: e.payoutReference ?? null,
      })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (row) return "inserted";
    // Which constraint stopped it: the booking's own earning, else the period's.
    return (await this.findByBookingId(e.bookingId)) ? "duplicate" : "period_already_earned";
  }

  async findById(id: string): Promise<CommissionEarning | null> {
    const row = await this.db.selectFrom("commission_earnings").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toEarning(row) : null;
  }

  async findByBookingId(bookingId: string): Promise<CommissionEarning | null> {
    const row = await this.db.selectFrom("commission_earnings").selectAll().where("booking_id", "=", bookingId).executeTakeFirst();
    return row ? toEarning(row) : null;
  }

  async voidEarning(id: string, change: { reason: string; by: string; at: Date }): Promise<boolean> {
    const result = await this.db
      .updateTable("commission_earnings")
      .set({ status: "voided", void_reason: change.reason, voided_by: change.by, voided_at: iso(change.at) })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where("payout_id", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async pendingUpTo(agentId: string, at: Date): Promise<CommissionEarning[]> {
    const rows = await this.db
      .selectFrom("commission_earnings")
      .selectAll()
      .where("agent_id", "=", agentId)
      .where("status", "=", "pending")
      // Earnings a provider payout is paying are that payout's to settle (decision 0212).
      .where("payout_id", "is", null)
      .where("date", "<=", iso(at))
      .orderBy("date")
      .orderBy("id")
      .execute();
    return rows.map(toEarning);
  }

  async markPaid(id: string, payout: { paidDate: Date; reference: string }): Promise<boolean> {
    const result = await this.db
      .updateTable("commission_earnings")
      .set({ status: "paid", paid: 1, paid_date: iso(payout.paidDate), payout_reference: payout.reference })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where("payout_id", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async agentEarnings(agentId: string): Promise<AgentEarningsSummary> {
    const row = await this.db
      .selectFrom("commission_earnings")
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.val(0)).as("total"),
        eb.fn.coalesce(eb.fn.sum<number>(eb.case().when("status", "=", "paid").then(eb.ref("amount")).else(0).end()), eb.val(0)).as("paid"),
        eb.fn.countAll<number>().as("count"),
      ])
      .where("agent_id", "=", agentId)
      .where("status", "<>", "voided")
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

/** Commission administration (voiding) with its audit row, in one database transaction. */
export function kyselyCommissionAdminUnitOfWork(db: Kysely<Database>): UnitOfWork<{ commissions: CommissionRepository; audit: AuditLog }> {
  return {
    run: (work) =>
      db.transaction().execute((trx) => work({ commissions: new KyselyCommissionRepository(trx), audit: new KyselyAccountAuditLog(trx) })),
  };
}
