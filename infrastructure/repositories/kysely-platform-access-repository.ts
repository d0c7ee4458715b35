import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { PlatformFeePayment } from "../../domain/guest-house-access/platform-access.entity";
import type { PlatformAccessRepository } from "../../domain/guest-house-access/platform-access-repository.port";

export class KyselyPlatformAccessRepository implements PlatformAccessRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listForUser(userId: string): Promise<PlatformFeePayment[]> {
    const rows = await this.db
      .selectFrom("platform_fee_payments")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("expiry_date", "desc")
      .execute();
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      amount: Number(r.amount),
      paymentDate: new Date(r.payment_date),
      expiryDate: new Date(r.expiry_date),
      isValid: Number(r.is_valid) === 1,
      transactionId: r.transaction_id,
      method: r.method,
    }));
  }
}
