// The payer's phone as the provider wants it. At submit non-digits are stripped, fewer than 8
// digits is refused, and 237 is added when missing (SPEC §5). The provider takes the nine national
// digits, so anything that does not leave exactly nine is refused too: sending it would only fail
// later at the provider with a less helpful message.
import { err, ok, domainError, type Result } from "../shared/result";
import type { PaymentError } from "./payment.errors";

export interface PaymentPhone {
  /** 2376XXXXXXXX: what we store. */
  international: string;
  /** 6XXXXXXXX: what the provider receives. */
  national: string;
}

export function normalisePaymentPhone(input: string | null | undefined): Result<PaymentPhone, PaymentError> {
  // "00" is the international call prefix some people type before 237.
  const digits = (input ?? "").replace(/\D/g, "").replace(/^00(?=237)/, "");
  if (digits.length < 8) return err(domainError("payment.invalid_phone"));
  const international = digits.startsWith("237") && digits.length > 9 ? digits : `237${digits}`;
  const national = international.slice(3);
  if (national.length !== 9) return err(domainError("payment.invalid_phone"));
  return ok({ international, national });
}
