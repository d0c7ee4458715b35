import type { Clock } from "../shared/clock";
import type { IdGenerator, ReferenceGenerator } from "../shared/ids";
import type { UnitOfWork } from "../shared/transaction";
import type { BookingPropertyReader } from "../booking/booking-property-reader.port";
import type { MoneyRepos } from "./money-unit-of-work";
import type { PaymentGateway } from "./payment-gateway.port";
import type { Payment, PaymentType } from "./payment.entity";
import type { Sleep } from "./retry";

/**
 * Runs after the transaction that made a payment successful, for types whose effect lives in
 * another module (guest_house_access). It may run more than once for one payment (verifyPayment
 * calls it again, which heals a crash between the commit and the handler), so it must be idempotent.
 */
export type PaymentSuccessHandler = (payment: Payment) => Promise<void>;

export interface PaymentDeps {
  uow: UnitOfWork<MoneyRepos>;
  /** The same repositories outside a transaction, for reads. */
  repos: MoneyRepos;
  gateway: PaymentGateway;
  /** The listing a visit payment is for: none starts once its agent takes no visits (issue 30). */
  properties: BookingPropertyReader;
  clock: Clock;
  ids: IdGenerator;
  references: ReferenceGenerator;
  successHandlers?: Partial<Record<PaymentType, PaymentSuccessHandler>>;
  /** Defaults to PAYMENT_INIT_TIMEOUT_MS (30 s). */
  initTimeoutMs?: number;
  /** Back-off sleep for status checks; tests inject one that does not wait. */
  sleep?: Sleep;
}
