// Guest-house platform access (SPEC §3, §4, §9): a 5 000 FCFA fee that lets a student contact
// guest houses through KamerNest for 14 days. It is paid through the payment module (type
// guest_house_access); the confirmed payment writes the access row in the same transaction.
import { DAY_MS } from "../shared/clock";

export const PLATFORM_ACCESS_FEE_XAF = 5000;
export const PLATFORM_ACCESS_DAYS = 14;
export const PLATFORM_ACCESS_MS = PLATFORM_ACCESS_DAYS * DAY_MS;
/** Transaction ids of the access fee start with this prefix. */
export const PLATFORM_TRANSACTION_PREFIX = "TXN-GH";

export interface PlatformFeePayment {
  id: string;
  userId: string;
  amount: number;
  paymentDate: Date;
  expiryDate: Date;
  isValid: boolean;
  transactionId: string;
  method: string;
}

/** Valid while the expiry date is in the future and the payment has not been invalidated. */
export function isPlatformAccessValid(payment: PlatformFeePayment, now: Date): boolean {
  return payment.isValid && payment.expiryDate.getTime() > now.getTime();
}

/**
 * The period a new access payment buys, given the user's stored payments: while an access is
 * valid the new period starts at its expiry (no paid day is lost); an expired or invalidated
 * access is ignored and the period starts now.
 */
export function nextAccessPeriod(payments: readonly PlatformFeePayment[], now: Date): { startsAt: Date; expiresAt: Date } {
  let startsAt = now.getTime();
  for (const p of payments) {
    if (isPlatformAccessValid(p, now)) startsAt = Math.max(startsAt, p.expiryDate.getTime());
  }
  return { startsAt: new Date(startsAt), expiresAt: new Date(startsAt + PLATFORM_ACCESS_MS) };
}

/** The transaction id of the access bought by a payment: TXN-GH and our payment reference. */
export function platformTransactionId(paymentReference: string): string {
  return `${PLATFORM_TRANSACTION_PREFIX}-${paymentReference}`;
}
