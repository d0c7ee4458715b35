import type { Kysely, Selectable } from "kysely";
import type { PaymentChanges, PaymentRepository, ReconcileQuery } from "#domain/payment/payment-repository.port";
import {
  normalisePaymentStatus,
  type Payment,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentMethod,
  type PaymentStatus,
  type PaymentType,
} from "#domain/payment/payment.entity";
import type { PaymentRefund, RefundReason, RefundStatus } from "#domain/payment/payment-refund";
import type { PayoutMedium } from "#domain/payout/payout.entity";
import type { Dialect } from "../db/connection";
import type { Database, PaymentRefundsTable, PaymentsTable } from "../db/schema";
import { statusIs } from "./kysely-payment-ledger";

const iso = (d: Date) => d.toISOString();

export function toPayment(row: Selectable<PaymentsTable>): Payment {
  return {
    id: row.id,
    userId: row.user_id,
    gateway: row.payment_gateway,
    // Older rows may say completed/confirmed/rejected: read them as the four statuses we keep.
    status: normalisePaymentStatus(row.payment_status),
    type: row.payment_type as PaymentType,
    amount: Number(row.amount),
    currency: "XAF",
    method: row.method as PaymentMethod | null,
    phone: row.phone,
    reference: row.reference,
    providerTxId: row.provider_tx_id,
    checkoutUrl: row.checkout_url,
    bookingId: row.booking_id,
    guestHouseId: row.guest_house_id,
    failureReason: row.failure_reason,
    confirmedAt: row.confirmed_at ? new Date(row.confirmed_at) : null,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    purpose: row.purpose,
    purchaseId: row.purchase_id,
  };
}

function toRefund(row: Selectable<PaymentRefundsTable>): PaymentRefund {
  return {
    id: row.id,
    paymentId: row.payment_id,
    userId: row.user_id,
    amount: Number(row.amount),
    reason: row.reason as RefundReason,
    paidByPaymentId: row.paid_by_payment_id,
    status: row.status as RefundStatus,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    note: row.note,
    keepAccess: Number(row.keep_access) === 1,
    requestedBy: row.requested_by,
    phone: row.phone,
    medium: row.medium as PayoutMedium | null,
    attempt: Number(row.attempt),
    transId: row.trans_id,
    failureReason: row.failure_reason,
    sendClaimedAt: row.send_claimed_at ? new Date(row.send_claimed_at) : null,
  };
}

export class KyselyPaymentRepository implements PaymentRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  async insertPayment(p: Payment): Promise<void> {
    await this.db
      .insertInto("payments")
      .values({
        id: p.id,
        user_id: p.userId,
        payment_gateway: p.gateway,
        payment_status: p.status,
        payment_type: p.type,
        amount: p.amount,
        currency: p.currency,
        method: p.method,
        phone: p.phone,
        reference: p.reference,
        provider_tx_id: p.providerTxId,
        checkout_url: p.checkoutUrl,
        booking_id: p.bookingId,
        guest_house_id: p.guestHouseId,
        failure_reason: p.failureReason,
        confirmed_at: p.confirmedAt ? iso(p.confirmedAt) : null,
        created_at: iso(p.createdAt),
        updated_at: iso(p.updatedAt),
        purpose: p.purpose,
        purchase_id: p.purchaseId,
      })
      .execute();
  }

  async findById(id: string): Promise<Payment | null> {
    const row = await this.db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toPayment(row) : null;
  }

  async findByReference(reference: string): Promise<Payment | null> {
    const row = await this.db.selectFrom("payments").selectAll().where("reference", "=", reference).executeTakeFirst();
    return row ? toPayment(row) : null;
  }

  async findByProviderTxId(transId: string): Promise<Payment | null> {
    const row = await this.db.selectFrom("payments").selectAll().where("provider_tx_id", "=", transId).executeTakeFirst();
    return row ? toPayment(row) : null;
  }

  async lockById(id: string): Promise<Payment | null> {
    let query = this.db.selectFrom("payments").selectAll().where("id", "=", id);
    // SQLite has no row locks: its transactions already run one at a time on our single connection.
    if (this.dialect === "postgres" && this.db.isTransaction) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row ? toPayment(row) : null;
  }

  async updatePayment(id: string, c: PaymentChanges): Promise<void> {
    const result = await this.db
      .updateTable("payments")
      .set({
        updated_at: iso(c.updatedAt),
        ...(c.status !== undefined ? { payment_status: c.status } : {}),
        ...(c.providerTxId !== undefined ? { provider_tx_id: c.providerTxId } : {}),
        ...(c.checkoutUrl !== undefined ? { checkout_url: c.checkoutUrl } : {}),
        ...(c.failureReason !== undefined ? { failure_reason: c.failureReason } : {}),
        ...(c.confirmedAt !== undefined ? { confirmed_at: c.confirmedAt ? iso(c.confirmedAt) : null } : {}),
      })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new Error(`Payment ${id} not found`);
  }

  async addPaymentEvent(e: PaymentEvent): Promise<void> {
    await this.db
      .insertInto("payment_events")
      .values({ id: e.id, payment_id: e.paymentId, event_type: e.type, event_data: JSON.stringify(e.data), created_at: iso(e.createdAt) })
      .execute();
  }

  async listPaymentEvents(paymentId: string): Promise<PaymentEvent[]> {
    const rows = await this.db
      .selectFrom("payment_events")
      .selectAll()
      .where("payment_id", "=", paymentId)
      // Time order; events of one instant keep no particular order among themselves.
      .orderBy("created_at")
      .execute();
    return rows.map((r) => ({
      id: r.id,
      paymentId: r.payment_id,
      type: r.event_type as PaymentEventType,
      data: JSON.parse(r.event_data) as Record<string, unknown>,
      createdAt: new Date(r.created_at),
    }));
  }

  async listPaymentsToReconcile(q: ReconcileQuery): Promise<Payment[]> {
    let query = this.db
      .selectFrom("payments")
      .selectAll()
      .where("created_at", "<=", iso(q.now))
      .where((eb) =>
        eb.or([
          eb("payment_status", "=", "pending"),
          eb.and([
            eb("payment_status", "in", ["failed", "rejected"]),
            eb.or([eb("provider_tx_id", "is not", null), eb("created_at", ">", iso(q.failedAtStartSince))]),
          ]),
        ]),
      );
    const after = q.after;
    if (after) {
      // Keyset paging: (created_at, id) after the cursor. ISO-8601 UTC text sorts as time does.
      const at = iso(after.createdAt);
      query = query.where((eb) => eb.or([eb("created_at", ">", at), eb.and([eb("created_at", "=", at), eb("id", ">", after.id)])]));
    }
    const rows = await query.orderBy("created_at").orderBy("id").limit(q.limit).execute();
    return rows.map(toPayment);
  }

  async countByStatus(userId?: string): Promise<Record<PaymentStatus, number>> {
    let query = this.db
      .selectFrom("payments")
      .select((eb) => ["payment_status", eb.fn.countAll<number>().as("n")])
      .groupBy("payment_status");
    if (userId !== undefined) query = query.where("user_id", "=", userId);
    const counts: Record<PaymentStatus, number> = { pending: 0, successful: 0, failed: 0, expired: 0 };
    for (const row of await query.execute()) counts[normalisePaymentStatus(row.payment_status)] += Number(row.n);
    return counts;
  }

  async lockPurpose(purpose: string): Promise<void> {
    // One statement for both cases: a new purpose's row is created, an existing one is "updated"
    // to itself, and either way the row stays locked until the transaction ends (PostgreSQL).
    // SQLite's transactions already run one at a time.
    await this.db
      .insertInto("payment_purposes")
      .values({ purpose })
      .onConflict((oc) => oc.column("purpose").doUpdateSet((eb) => ({ purpose: eb.ref("excluded.purpose") })))
      .execute();
  }

  async listOpenForPurpose(purpose: string, failedSince: Date): Promise<Payment[]> {
    const rows = await this.db
      .selectFrom("payments as p")
      .selectAll()
      .where("p.purpose", "=", purpose)
      // The status rule as the ledger reads stored words (older synonyms included).
      .where((eb) => eb.or([statusIs("pending"), eb.and([statusIs("failed"), eb("p.created_at", ">", iso(failedSince))])]))
      .orderBy("p.created_at")
      .orderBy("p.id")
      .execute();
    return rows.map(toPayment);
  }

  async findPurchasePaidBy(purchaseId: string, exceptPaymentId: string): Promise<Payment | null> {
    const row = await this.db
      .selectFrom("payments as p")
      .selectAll("p")
      .where("p.purchase_id", "=", purchaseId)
      .where("p.id", "<>", exceptPaymentId)
      .where(statusIs("successful"))
      .where((eb) => eb.not(eb.exists(eb.selectFrom("payment_refunds as r").select("r.id").whereRef("r.payment_id", "=", "p.id"))))
      .orderBy("p.created_at")
      .orderBy("p.id")
      .limit(1)
      .executeTakeFirst();
    return row ? toPayment(row) : null;
  }

  async queueRefund(r: PaymentRefund): Promise<"queued" | "already_queued"> {
    const inserted = await this.db
      .insertInto("payment_refunds")
      .values({
        id: r.id,
        payment_id: r.paymentId,
        user_id: r.userId,
        amount: r.amount,
        reason: r.reason,
        paid_by_payment_id: r.paidByPaymentId,
        status: r.status,
        created_at: iso(r.createdAt),
        updated_at: iso(r.updatedAt),
        note: r.note,
        keep_access: r.keepAccess ? 1 : 0,
        requested_by: r.requestedBy,
        phone: r.phone,
        medium: r.medium,
        attempt: r.attempt,
        trans_id: r.transId,
        failure_reason: r.failureReason,
        send_claimed_at: r.sendClaimedAt ? iso(r.sendClaimedAt) : null,
      })
      .onConflict((oc) => oc.column("payment_id").doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? "queued" : "already_queued";
  }

  async findRefund(paymentId: string): Promise<PaymentRefund | null> {
    const row = await this.db.selectFrom("payment_refunds").selectAll().where("payment_id", "=", paymentId).executeTakeFirst();
    return row ? toRefund(row) : null;
  }

  async insertRefund(refund: PaymentRefund): Promise<boolean> {
    return (await this.queueRefund(refund)) === "queued";
  }

  async claimRefund(
    paymentId: string,
    from: "to_refund" | "failed",
    f: Pick<PaymentRefund, "note" | "keepAccess" | "requestedBy" | "phone" | "medium" | "attempt" | "sendClaimedAt" | "updatedAt">,
  ): Promise<boolean> {
    // One conditional write: of two requests at once, only the first finds the refund in `from`.
    const result = await this.db
      .updateTable("payment_refunds")
      .set({
        status: "pending",
        note: f.note,
        keep_access: f.keepAccess ? 1 : 0,
        requested_by: f.requestedBy,
        phone: f.phone,
        medium: f.medium,
        attempt: f.attempt,
        trans_id: null,
        failure_reason: null,
        send_claimed_at: f.sendClaimedAt ? iso(f.sendClaimedAt) : null,
        updated_at: iso(f.updatedAt),
      })
      .where("payment_id", "=", paymentId)
      .where("status", "=", from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async claimRefundSend(paymentId: string, at: Date, staleBefore: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("payment_refunds")
      .set({ send_claimed_at: iso(at), updated_at: iso(at) })
      .where("payment_id", "=", paymentId)
      .where("status", "=", "pending")
      .where("trans_id", "is", null)
      .where((eb) => eb.or([eb("send_claimed_at", "is", null), eb("send_claimed_at", "<=", iso(staleBefore))]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async recordRefundTransId(paymentId: string, transId: string, at: Date): Promise<void> {
    const result = await this.db
      .updateTable("payment_refunds")
      .set({ trans_id: transId, send_claimed_at: null, updated_at: iso(at) })
      .where("payment_id", "=", paymentId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new Error(`Refund of ${paymentId} not found`);
  }

  async settleRefund(
    paymentId: string,
    outcome: { status: "succeeded" } | { status: "failed"; reason: string },
    at: Date,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("payment_refunds")
      .set({
        status: outcome.status,
        failure_reason: outcome.status === "failed" ? outcome.reason : null,
        send_claimed_at: null,
        updated_at: iso(at),
      })
      .where("payment_id", "=", paymentId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async listPendingRefunds(): Promise<PaymentRefund[]> {
    const rows = await this.db
      .selectFrom("payment_refunds")
      .selectAll()
      .where("status", "=", "pending")
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return rows.map(toRefund);
  }
}
