// The disbursement service (money out): Fapshi's separate payout service, or the simulated one.
// Failures are thrown as PaymentGatewayError (timeout, rejected, server_error, network,
// invalid_response), like the payment gateway's.
import type { PayoutMedium } from "./payout.entity";

export type ProviderPayoutStatus = "pending" | "successful" | "failed";

export interface ProviderPayout {
  transId: string;
  status: ProviderPayoutStatus;
  amount: number;
  /** Our payout reference, as we sent it. */
  externalId: string | null;
  reason: string | null;
}

export interface SendPayoutRequest {
  /** Our payout reference: the provider's externalId. */
  reference: string;
  amount: number;
  /** The nine national digits. */
  phone: string;
  medium: PayoutMedium;
  name: string;
  /** The agent's id: the provider's userId, by which a lost answer is found again. */
  userId: string;
  message: string;
}

export interface Disbursements {
  /** 'fapshi' or 'simulated'. */
  readonly name: string;
  /** The service's balance in XAF. */
  balance(): Promise<number>;
  /** Asks the provider to send; answers its transaction id. The outcome is read with status(). */
  send(request: SendPayoutRequest): Promise<{ transId: string }>;
  status(transId: string): Promise<ProviderPayout>;
  /** The provider's payout whose externalId is `reference` (sent for `userId`), or null when it has none. */
  findByReference(query: { reference: string; userId: string }): Promise<ProviderPayout | null>;
}
