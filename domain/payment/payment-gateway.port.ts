import type { PaymentMethod } from "./payment.entity";

/** The provider's view of a transaction, with its status folded to ours. */
export type ProviderStatus = "pending" | "successful" | "failed" | "expired";

export interface ProviderTransaction {
  transId: string;
  status: ProviderStatus;
  amount: number;
  /** Our payment reference, as we sent it. */
  externalId: string | null;
  userId: string | null;
  reason: string | null;
}

export interface InitiatePaymentRequest {
  amount: number;
  /** Our payment reference: the provider's externalId, and the ?ref= of the return page. */
  reference: string;
  userId: string;
  email: string;
  customerName: string;
  /** The nine national digits. */
  phone: string;
  method: PaymentMethod;
  message: string;
}

export interface InitiatePaymentResult {
  transId: string;
  /**
   * Where to send the payer: the provider's hosted checkout, or (for a push to the phone) the
   * app's own /payment-success page, which polls. Never empty.
   */
  checkoutUrl: string;
}

export type PaymentGatewayErrorKind =
  | "timeout"
  | "rejected" // a 4xx with the provider's message
  | "server_error" // 5xx
  | "network"
  | "invalid_response"
  | "link_missing";

/** Thrown by gateways: an infrastructure failure the use cases turn into a coded error. */
export class PaymentGatewayError extends Error {
  constructor(
    readonly kind: PaymentGatewayErrorKind,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = "PaymentGatewayError";
  }
}

export interface PaymentGateway {
  /** Stored in payments.payment_gateway: 'fapshi' or 'simulated'. */
  readonly name: string;
  initiate(request: InitiatePaymentRequest, signal?: AbortSignal): Promise<InitiatePaymentResult>;
  getStatus(transId: string): Promise<ProviderTransaction>;
  /**
   * Closes a checkout link so it can take no more money (Fapshi's expire-pay), and answers the
   * transaction as the provider then holds it: expired (now or before), successful (it was paid
   * before it could be closed), or still pending or failed when the provider cannot expire it (a
   * prompt pushed to the phone, which ends by itself). A transaction the provider does not know
   * is a 'rejected' 404, like getStatus.
   */
  expire(transId: string): Promise<ProviderTransaction>;
  /**
   * The provider's transaction whose externalId is our `reference` (started for `userId`), or null
   * when the provider has none. How a payment whose initiation answer was lost (a timeout, a
   * failed save) finds its transaction: the request may have reached the provider all the same.
   */
  findByReference(query: { reference: string; userId: string }): Promise<ProviderTransaction | null>;
}
