import type { DomainError } from "../shared/result";

export type PaymentErrorCode =
  | "payment.method_required" // 'Payment method required' / 'Please select a payment method to continue.'
  | "payment.invalid_phone" // 'Invalid phone number' / 'Please enter a valid Cameroon phone number (e.g., {phone}).'
  | "payment.invalid_amount" // 'Invalid amount' / 'Payment amount is invalid.'
  | "payment.init_timeout" // 'Payment initialization timeout'
  | "payment.init_failed" // 'Payment initialization failed'
  | "payment.invalid_response" // 'Invalid response from payment service'
  | "payment.link_missing" // 'Payment link not received from the payment provider. Please try again.'
  | "payment.unknown_error" // 'Unknown payment error occurred'
  | "payment.verification_failed" // 'Payment verification failed'
  | "payment.verification_timeout" // 'Payment verification timeout'
  | "payment.not_found"
  | "payment.booking_not_found"
  | "payment.booking_already_paid"
  | "payment.booking_expired"
  | "payment.property_unavailable" // the listing's agent takes no visits now (suspended, no longer an agent): nothing is charged
  | "payment.guest_house_required"
  // One open checkout per purpose (decision 0184).
  | "payment.already_paid" // an earlier checkout for the same thing was paid: no new payment started
  | "payment.checkout_starting" // another start for the same thing is waiting for the provider
  | "payment.earlier_checkout_open"; // the earlier checkout could not be closed at the provider

export type PaymentError = DomainError<PaymentErrorCode>;
