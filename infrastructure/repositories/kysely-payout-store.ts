// The payouts (issue 34, decision 0212) on SQLite and PostgreSQL. Claims and settlements are
// conditional writes, so two runs (or a run and the reconciler) never pay one earning twice:
// on PostgreSQL the second UPDATE waits for the first's row locks, then re-reads the condition.
import type { Kysely, Selectable } from "kysely";
import type { AuditLog } from "#domain/accounts/audit-log.port";
import { inTimelineOrder, type Payout, type PayoutEvent, type PayoutNumber } from "#domain/payout/payout.entity";
import type { DueToAgent, PayeeContact, PayoutListQuery, PayoutStore } from "#domain/payout/payout-store.port";
import type { UnitOfWork } from "#domain/shared/transaction";
import type { Database, PayoutsTable } from "../db/schema";
import { KyselyAccountAuditLog } from "./kysely-account-audit-log";

const iso = (d: Date) => d.toISOString();

const toPayout = (r: Selectable<PayoutsTable>): Payout => ({
  id: r.id,
  agentId: r.agent_id,
  amount: Number(r.amount),
  phone: r.phone,
  medium: r.medium,
  status: r.status,
  transId: r.trans_id,
  reason: r.reason,
  cutOff: new Date(r.cut_off),
  earningCount: Number(r.earning_count),
  sendClaimedAt: r.send_claimed_at ? new Date(r.send_claimed_at) : null,
  createdBy: r.created_by,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

export class KyselyPayoutStore implements PayoutStore {
  constructor(private readonly db: Kysely<Database>) {}

  async findNumber(agentId: string): Promise<PayoutNumber | null> {
    const r = await this.db.selectFrom("agent_payout_numbers").selectAll().where("agent_id", "=", agentId).executeTakeFirst();
    return r ? { agentId: r.agent_id, phone: r.phone, medium: r.medium, updatedAt: new Date(r.updated_at) } : null;
  }

  async saveNumber(n: PayoutNumber): Promise<void> {
    const values = { phone: n.phone, medium: n.medium, updated_at: iso(n.updatedAt) };
    await this.db
      .insertInto("agent_payout_numbers")
      .values({ agent_id: n.agentId, ...values })
      .onConflict((oc) => oc.column("agent_id").doUpdateSet(values))
      .execute();
  }

  async contact(agentId: string): Promise<PayeeContact | null> {
    const r = await this.db.selectFrom("profiles").select(["full_name", "email", "language"]).where("id", "=", agentId).executeTakeFirst();
    return r ? { name: r.full_name, email: r.email, language: r.language } : null;
  }

  async dueUpTo(cutOff: Date): Promise<DueToAgent[]> {
    const rows = await this.db
      .selectFrom("commission_earnings as e")
      .innerJoin("agent_payout_numbers as n", "n.agent_id", "e.agent_id")
      .select((eb) => [
        "e.agent_id as agentId",
        "n.phone",
        eb.fn.sum<number>("e.amount").as("amount"),
        eb.fn.countAll<number>().as("count"),
      ])
      .where("e.status", "=", "pending")
      .where("e.payout_id", "is", null)
      .where("e.date", "<=", iso(cutOff))
      .groupBy(["e.agent_id", "n.phone"])
      .orderBy("e.agent_id")
      .execute();
    return rows.map((r) => ({ agentId: r.agentId, phone: r.phone, amount: Number(r.amount), count: Number(r.count) }));
  }

  async claimEarnings(agentId: string, cutOff: Date, payoutId: string): Promise<{ id: string; amount: number }[]> {
    const rows = await this.db
      .updateTable("commission_earnings")
      .set({ payout_id: payoutId })
      .where("agent_id", "=", agentId)
      .where("status", "=", "pending")
      .where("payout_id", "is", null)
      .where("date", "<=", iso(cutOff))
      .returning(["id", "amount"])
      .execute();
    return rows.map((r) => ({ id: r.id, amount: Number(r.amount) })).sort((a, b) => a.id.localeCompare(b.id));
  }

  async insert(p: Payout): Promise<void> {
    await this.db
      .insertInto("payouts")
      .values({
        id: p.id,
        agent_id: p.agentId,
        amount: p.amount,
        phone: p.phone,
        medium: p.medium,
        status: p.status,
        trans_id: p.transId,
        reason: p.reason,
        cut_off: iso(p.cutOff),
        earning_count: p.earningCount,
        send_claimed_at: p.sendClaimedAt ? iso(p.sendClaimedAt) : null,
        created_by: p.createdBy,
        created_at: iso(p.createdAt),
        updated_at: iso(p.updatedAt),
      })
      .execute();
  }

  async findById(id: string): Promise<Payout | null> {
    const r = await this.db.selectFrom("payouts").selectAll().where("id", "=", id).executeTakeFirst();
    return r ? toPayout(r) : null;
  }

  async findByTransId(transId: string): Promise<Payout | null> {
    const r = await this.db.selectFrom("payouts").selectAll().where("trans_id", "=", transId).executeTakeFirst();
    return r ? toPayout(r) : null;
  }

  async claimSend(id: string, at: Date, staleBefore: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("payouts")
      .set({ send_claimed_at: iso(at), updated_at: iso(at) })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where("trans_id", "is", null)
      .where((eb) => eb.or([eb("send_claimed_at", "is", null), eb("send_claimed_at", "<=", iso(staleBefore))]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async recordTransId(id: string, transId: string, at: Date): Promise<void> {
    await this.db
      .updateTable("payouts")
      .set({ trans_id: transId, send_claimed_at: null, updated_at: iso(at) })
      .where("id", "=", id)
      .execute();
  }

  async markSucceeded(id: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("payouts")
      .set({ status: "successful", updated_at: iso(at) })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    const payout = await this.findById(id);
    await this.db
      .updateTable("commission_earnings")
      .set({ status: "paid", paid: 1, paid_date: iso(at), payout_reference: payout?.transId ?? id })
      .where("payout_id", "=", id)
      .where("status", "=", "pending")
      .execute();
    return true;
  }

  async markFailed(id: string, reason: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("payouts")
      .set({ status: "failed", reason, send_claimed_at: null, updated_at: iso(at) })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await this.db
      .updateTable("commission_earnings")
      .set({ payout_id: null })
      .where("payout_id", "=", id)
      .where("status", "=", "pending")
      .execute();
    return true;
  }

  async listOpen(): Promise<Payout[]> {
    const rows = await this.db
      .selectFrom("payouts")
      .selectAll()
      .where("status", "=", "pending")
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return rows.map(toPayout);
  }

  async listByAgent(agentId: string, limit: number): Promise<Payout[]> {
    const rows = await this.db
      .selectFrom("payouts")
      .selectAll()
      .where("agent_id", "=", agentId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map(toPayout);
  }

  async listPayees(): Promise<string[]> {
    const rows = await this.db.selectFrom("payouts").select("agent_id").distinct().orderBy("agent_id").execute();
    return rows.map((r) => r.agent_id);
  }

  async listRecent(query: PayoutListQuery): Promise<Payout[]> {
    let q = this.db.selectFrom("payouts").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(query.limit);
    if (query.status) q = q.where("status", "=", query.status);
    if (query.agentId) q = q.where("agent_id", "=", query.agentId);
    if (query.from) q = q.where("created_at", ">=", iso(query.from));
    if (query.to) q = q.where("created_at", "<", iso(query.to));
    return (await q.execute()).map(toPayout);
  }

  async addEvent(e: PayoutEvent): Promise<void> {
    await this.db
      .insertInto("payout_events")
      .values({ id: e.id, payout_id: e.payoutId, event_type: e.type, event_data: JSON.stringify(e.data), created_at: iso(e.at) })
      .execute();
  }

  async events(payoutId: string): Promise<PayoutEvent[]> {
    const rows = await this.db.selectFrom("payout_events").selectAll().where("payout_id", "=", payoutId).execute();
    return inTimelineOrder(
      rows.map((r) => ({
        id: r.id,
        payoutId: r.payout_id,
        type: r.event_type as PayoutEvent["type"],
        data: JSON.parse(r.event_data) as PayoutEvent["data"],
        at: new Date(r.created_at),
      })),
    );
  }
}

/** The payouts with their audit rows, in one database transaction. */
export function kyselyPayoutUnitOfWork(db: Kysely<Database>): UnitOfWork<{ payouts: PayoutStore; audit: AuditLog }> {
  return {
    run: (work) => db.transaction().execute((trx) => work({ payouts: new KyselyPayoutStore(trx), audit: new KyselyAccountAuditLog(trx) })),
  };
}
