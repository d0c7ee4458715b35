// The effect of a successful guest_house_access payment, run by the payment module inside the
// transaction that marks the payment successful: the access and the payment's status commit together.
import type { IdGenerator } from "../shared/ids";
import { PLATFORM_ACCESS_FEE_XAF, nextAccessPeriod, platformTransactionId, type PlatformFeePayment } from "./platform-access.entity";
import type { PlatformAccessRepository } from "./platform-access-repository.port";

/** Idempotent: a payment buys one access, however many times its success is delivered. */
export async function grantPlatformAccessForPayment(
  repos: { platformAccess: PlatformAccessRepository },
  ids: IdGenerator,
  input: { userId: string; paymentId: string; paymentReference: string; method: string | null; amount: number; at: Date },
): Promise<PlatformFeePayment> {
  const existing = await repos.platformAccess.findByPaymentId(input.paymentId);
  if (existing) return existing;
  const period = nextAccessPeriod(await repos.platformAccess.listForUser(input.userId), input.at);
  const access: PlatformFeePayment = {
    id: ids.id(),
    userId: input.userId,
    amount: input.amount > 0 ? input.amount : PLATFORM_ACCESS_FEE_XAF,
    paymentDate: input.at,
    expiryDate: period.expiresAt,
    isValid: true,
    transactionId: platformTransactionId(input.paymentReference),
    method: input.method ?? "mobile_money",
  };
  const result = await repos.platformAccess.insert({ ...access, paymentId: input.paymentId });
  if (result === "duplicate_payment") {
    const granted = await repos.platformAccess.findByPaymentId(input.paymentId);
    if (!granted) throw new Error(`Access for payment ${input.paymentId} reported duplicate but not found`);
    return granted;
  }
  return access;
}
