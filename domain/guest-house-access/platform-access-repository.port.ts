import type { PlatformFeePayment } from "./platform-access.entity";

export interface PlatformAccessRepository {
  /** The user's access-fee payments, the one expiring last first. */
  listForUser(userId: string): Promise<PlatformFeePayment[]>;
  /** The access bought by one payment, or null. */
  findByPaymentId(paymentId: string): Promise<PlatformFeePayment | null>;
  /** 'duplicate_payment' when that payment already bought an access (payment_id is unique). */
  insert(payment: PlatformFeePayment & { paymentId: string }): Promise<"inserted" | "duplicate_payment">;
  /** Ends the access a payment bought (a refund: decision 0219); false when it had none still valid. */
  invalidateForPayment(paymentId: string): Promise<boolean>;
}
