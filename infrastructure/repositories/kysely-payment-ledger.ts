import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import { PAYMENT_STATUS_WORDS, type PaymentStatus } from "#domain/payment/payment.entity";
import type { GatewayStats, LedgerPayment, PaymentLedger, PaymentLedgerQuery } from "#domain/payment/payment-ledger.port";
import type { RefundStatus } from "#domain/payment/payment-refund";
import type { Database } from "../db/schema";
import { toPayment } from "./kysely-payment-repository";

// The stored status as normalisePaymentStatus reads it: trimmed, lower case, synonyms folded.
const stored = sql<string>`lower(trim(p.payment_status))`;
const words = (status: Exclude<PaymentStatus, "pending">) => sql.join(PAYMENT_STATUS_WORDS[status].map((w) => sql.lit(w)));
const ALL_WORDS = sql.join(
  Object.values(PAYMENT_STATUS_WORDS)
    .flat()
    .map((w) => sql.lit(w)),
);

/** The stored status (`p.payment_status`) read as `status`: the one SQL form of the status rule. */
export function statusIs(status: PaymentStatus): Expression<SqlBool> {
  return status === "pending" ? sql<SqlBool>`${stored} not in (${ALL_WORDS})` : sql<SqlBool>`${stored} in (${words(status)})`;
}

export class KyselyPaymentLedger implements PaymentLedger {
  constructor(private readonly db: Kysely<Database>) {}

  async list(query: PaymentLedgerQuery): Promise<{ items: LedgerPayment[]; total: number }> {
    let base = this.db.selectFrom("payments as p").innerJoin("profiles as u", "u.id", "p.user_id");
    if (query.status !== undefined) base = base.where(statusIs(query.status));
    if (query.type !== undefined) base = base.where("p.payment_type", "=", query.type);
    if (query.gateway !== undefined) base = base.where("p.payment_gateway", "=", query.gateway);
    // The few payments to refund lead the join (payment_refunds_status_idx), not the whole ledger.
    if (query.refund !== undefined)
      base = base.innerJoin("payment_refunds as r", "r.payment_id", "p.id").where("r.status", "=", query.refund);
    const [rows, count] = await Promise.all([
      base
        .selectAll("p")
        .select(["u.full_name", "u.email"])
        .orderBy("p.created_at", "desc")
        .orderBy("p.id", "desc")
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      // Capped, in the page's order, so it reads payments_created_idx and stops (decision 0148).
      this.db
        .selectFrom(
          base
            .select(sql<number>`1`.as("one"))
            .orderBy("p.created_at", "desc")
            .orderBy("p.id", "desc")
            .limit(query.countLimit)
            .as("matches"),
        )
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    ]);
    // The page's refund states in a second read, so the list's own statement stays as it was.
    const refunds =
      rows.length === 0
        ? []
        : await this.db
            .selectFrom("payment_refunds")
            .select(["payment_id", "status"])
            .where(
              "payment_id",
              "in",
              rows.map((r) => r.id),
            )
            .execute();
    const refundOf = new Map(refunds.map((r) => [r.payment_id, r.status as RefundStatus]));
    return {
      total: Number(count.n),
      items: rows.map(({ full_name, email, ...row }) => ({
        ...toPayment(row),
        payerName: full_name,
        payerEmail: email,
        refundStatus: refundOf.get(row.id) ?? null,
      })),
    };
  }

  async countRefunds(status: RefundStatus): Promise<number> {
    const row = await this.db
      .selectFrom("payment_refunds")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", status)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * From payment_totals (one row per gateway and stored status word, kept by triggers on payments:
   * migration 0032, decision 0148), so the page reads a few dozen rows, not every payment. The
   * words fold into a status here as they did over the payments.
   */
  async statsByGateway(): Promise<GatewayStats[]> {
    const when = (status: PaymentStatus, value: Expression<number>) =>
      sql<number>`sum(case when ${statusIs(status)} then ${value} else 0 end)`;
    const rows = await this.db
      .selectFrom("payment_totals as p")
      .select((eb) => [
        "p.payment_gateway",
        eb.fn.sum<number>("p.payments").as("n"),
        eb.fn.sum<number>("p.amount").as("amount"),
        when("successful", sql.ref("p.payments")).as("successful_n"),
        when("successful", sql.ref("p.amount")).as("successful_amount"),
        when("failed", sql.ref("p.payments")).as("failed_n"),
        when("expired", sql.ref("p.payments")).as("expired_n"),
        when("pending", sql.ref("p.payments")).as("pending_n"),
      ])
      .groupBy("p.payment_gateway")
      // A gateway whose payments were all deleted keeps rows at 0: it has no figures to show.
      .having((eb) => eb.fn.sum("p.payments"), ">", 0)
      .orderBy("p.payment_gateway", "asc")
      .execute();
    return rows.map(toGatewayStats);
  }
}

/** A row of figures by gateway (sums come back as strings or bigints on PostgreSQL). */
export interface GatewayStatsRow {
  payment_gateway: string;
  n: unknown;
  amount: unknown;
  successful_n: unknown;
  successful_amount: unknown;
  failed_n: unknown;
  expired_n: unknown;
  pending_n: unknown;
}

export function toGatewayStats(r: GatewayStatsRow): GatewayStats {
  return {
    gateway: r.payment_gateway,
    count: Number(r.n),
    amount: Number(r.amount),
    successfulCount: Number(r.successful_n),
    successfulAmount: Number(r.successful_amount),
    failedCount: Number(r.failed_n),
    expiredCount: Number(r.expired_n),
    pendingCount: Number(r.pending_n),
  };
}
