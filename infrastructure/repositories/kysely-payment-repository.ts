import type { Kysely, Selectable } from "kysely";
import type { PaymentChanges, PaymentRepository, ReconcileQuery } from "../../domain/payment/payment-repository.port";
import {
  normalisePaymentStatus,
  type Payment,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentMethod,
  type PaymentStatus,
  type PaymentType,
} from "../../domain/payment/payment.entity";
import type { Dialect } from "../db/connection";
import type { Database, PaymentsTable } from "../db/schema";

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
    let query = this.db.selectFrom("payments").select((eb) => ["payment_status", eb.fn.countAll<number>().as("n")]).groupBy("payment_status");
    if (userId !== undefined) query = query.where("user_id", "=", userId);
    const counts: Record<PaymentStatus, number> = { pending: 0, successful: 0, failed: 0, expired: 0 };
    for (const row of await query.execute()) counts[normalisePaymentStatus(row.payment_status)] += Number(row.n);
    return counts;
  }
}
