import type { Kysely, Selectable } from "kysely";
import type { Database, PlatformFeePaymentsTable } from "../db/schema";
import { preparedQuery } from "../db/prepared-query";
import type { PlatformFeePayment } from "#domain/guest-house-access/platform-access.entity";
import type { PlatformAccessRepository } from "#domain/guest-house-access/platform-access-repository.port";

function toAccess(r: Selectable<PlatformFeePaymentsTable>): PlatformFeePayment {
  return {
    id: r.id,
    userId: r.user_id,
    amount: Number(r.amount),
    paymentDate: new Date(r.payment_date),
    expiryDate: new Date(r.expiry_date),
    isValid: Number(r.is_valid) === 1,
    transactionId: r.transaction_id,
    method: r.method,
  };
}

/** A user's platform fee payments, latest expiry first (read on every profile view: compiled once). */
const accessPaymentsQuery = preparedQuery((db: Kysely<Database>, slot) =>
  db
    .selectFrom("platform_fee_payments")
    .selectAll()
    .where("user_id", "=", slot<string>("userId"))
    .orderBy("expiry_date", "desc")
    .orderBy("id", "desc"),
);

export class KyselyPlatformAccessRepository implements PlatformAccessRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listForUser(userId: string): Promise<PlatformFeePayment[]> {
    const { rows } = await this.db.executeQuery(accessPaymentsQuery(this.db, { userId }));
    return rows.map(toAccess);
  }

  async findByPaymentId(paymentId: string): Promise<PlatformFeePayment | null> {
    const row = await this.db.selectFrom("platform_fee_payments").selectAll().where("payment_id", "=", paymentId).executeTakeFirst();
    return row ? toAccess(row) : null;
  }

  async insert(payment: PlatformFeePayment & { paymentId: string }): Promise<"inserted" | "duplicate_payment"> {
    // payment_id is unique: a second delivery of the same success inserts nothing.
    const row = await this.db
      .insertInto("platform_fee_payments")
      .values({
        id: payment.id,
        user_id: payment.userId,
        payment_id: payment.paymentId,
        amount: payment.amount,
        payment_date: payment.paymentDate.toISOString(),
        expiry_date: payment.expiryDate.toISOString(),
        is_valid: payment.isValid ? 1 : 0,
        transaction_id: payment.transactionId,
        method: payment.method,
      })
      .onConflict((oc) => oc.column("payment_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    return row ? "inserted" : "duplicate_payment";
  }

  async invalidateForPayment(paymentId: string): Promise<boolean> {
    const result = await this.db
      .updateTable("platform_fee_payments")
      .set({ is_valid: 0 })
      .where("payment_id", "=", paymentId)
      .where("is_valid", "=", 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
