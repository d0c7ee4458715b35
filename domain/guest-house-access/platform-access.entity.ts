// Guest-house platform access (SPEC §3, §4, §9): a 5 000 FCFA fee that lets a student contact
// guest houses through KamerNest for 14 days. Paying for it is a later issue; this module holds
// the rule that says whether a stored payment still grants access.
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
