// A scripted gateway for unit tests: transactions live in a map, and faults can be queued.
import {
  PaymentGatewayError,
  type InitiatePaymentRequest,
  type InitiatePaymentResult,
  type PaymentGateway,
  type PaymentGatewayErrorKind,
  type ProviderStatus,
  type ProviderTransaction,
} from "./payment-gateway.port";

/**
 * 'hang': never answers; 'crash': a bug; 'lost_answer': the provider creates the transaction (the
 * prompt reaches the phone) but its answer never arrives, so the caller times out.
 */
export type InitiateFault = PaymentGatewayErrorKind | "hang" | "crash" | "lost_answer";

export class InMemoryPaymentGateway implements PaymentGateway {
  readonly name = "fapshi";
  readonly requests: InitiatePaymentRequest[] = [];
  readonly statusCalls: string[] = [];
  readonly expireCalls: string[] = [];
  readonly lookupCalls: string[] = [];
  private readonly transactions = new Map<string, ProviderTransaction>();
  private initiateFaults: Array<InitiateFault> = [];
  private statusFaults: PaymentGatewayErrorKind[] = [];
  private expireFaults: PaymentGatewayErrorKind[] = [];
  private readonly unexpirable = new Set<string>();
  private n = 0;

  async initiate(request: InitiatePaymentRequest, signal?: AbortSignal): Promise<InitiatePaymentResult> {
    this.requests.push({ ...request });
    const fault = this.initiateFaults.shift();
    if (fault === "hang") {
      // Answers only when the caller gives up, like a provider that never replies.
      return new Promise((_, reject) => signal?.addEventListener("abort", () => reject(new PaymentGatewayError("timeout", "aborted"))));
    }
    if (fault === "crash") throw new TypeError("something unexpected");
    if (fault === "lost_answer") {
      this.create(request);
      throw new PaymentGatewayError("timeout", "scripted lost answer");
    }
    if (fault) throw new PaymentGatewayError(fault, `scripted ${fault}`, fault === "rejected" ? 400 : undefined);
    const transId = this.create(request);
    return { transId, checkoutUrl: `https://checkout.test/${transId}` };
  }

  private create(request: InitiatePaymentRequest): string {
    this.n += 1;
    const transId = `TX${String(this.n).padStart(6, "0")}`;
    this.transactions.set(transId, {
      transId,
      status: "pending",
      amount: request.amount,
      externalId: request.reference,
      userId: request.userId,
      reason: null,
    });
    return transId;
  }

  async findByReference(query: { reference: string; userId: string }): Promise<ProviderTransaction | null> {
    this.lookupCalls.push(query.reference);
    const fault = this.statusFaults.shift();
    if (fault) throw new PaymentGatewayError(fault, `scripted ${fault}`, fault === "rejected" ? 404 : undefined);
    const tx = [...this.transactions.values()].find((t) => t.externalId === query.reference && t.userId === query.userId);
    return tx ? { ...tx } : null;
  }

  async getStatus(transId: string): Promise<ProviderTransaction> {
    this.statusCalls.push(transId);
    const fault = this.statusFaults.shift();
    if (fault) throw new PaymentGatewayError(fault, `scripted ${fault}`, fault === "rejected" ? 404 : undefined);
    const tx = this.transactions.get(transId);
    if (!tx) throw new PaymentGatewayError("rejected", "Transaction not found", 404);
    return { ...tx };
  }

  async expire(transId: string): Promise<ProviderTransaction> {
    this.expireCalls.push(transId);
    const fault = this.expireFaults.shift();
    if (fault) throw new PaymentGatewayError(fault, `scripted ${fault}`, fault === "rejected" ? 404 : undefined);
    const tx = this.transactions.get(transId);
    if (!tx) throw new PaymentGatewayError("rejected", "Transaction not found", 404);
    // Paid or expired already, or a prompt on the phone (which cannot be expired): as it stands.
    if (tx.status !== "successful" && tx.status !== "expired" && !this.unexpirable.has(transId)) tx.status = "expired";
    return { ...tx };
  }

  /** Makes a transaction one the provider cannot expire, like a direct-pay prompt. */
  refuseExpiry(transId: string): void {
    this.unexpirable.add(transId);
  }
  failNextExpire(...faults: PaymentGatewayErrorKind[]): void {
    this.expireFaults.push(...faults);
  }

  /** Moves a transaction at the "provider". */
  setStatus(transId: string, status: ProviderStatus, patch: Partial<ProviderTransaction> = {}): void {
    const tx = this.transactions.get(transId);
    if (!tx) throw new Error(`No transaction ${transId}`);
    Object.assign(tx, patch, { status });
  }
  transaction(transId: string): ProviderTransaction | undefined {
    const tx = this.transactions.get(transId);
    return tx ? { ...tx } : undefined;
  }
  /** Makes the provider forget a transaction: its status call answers 404 from now on. */
  forget(transId: string): void {
    this.transactions.delete(transId);
  }
  /** The provider's transaction started with our reference, if any. */
  transactionByReference(reference: string): ProviderTransaction | undefined {
    const tx = [...this.transactions.values()].find((t) => t.externalId === reference);
    return tx ? { ...tx } : undefined;
  }
  failNextInitiate(fault: InitiateFault): void {
    this.initiateFaults.push(fault);
  }
  failNextStatus(...faults: PaymentGatewayErrorKind[]): void {
    this.statusFaults.push(...faults);
  }
}
