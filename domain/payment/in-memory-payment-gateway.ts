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

export class InMemoryPaymentGateway implements PaymentGateway {
  readonly name = "fapshi";
  readonly requests: InitiatePaymentRequest[] = [];
  readonly statusCalls: string[] = [];
  readonly expireCalls: string[] = [];
  private readonly transactions = new Map<string, ProviderTransaction>();
  private initiateFaults: Array<PaymentGatewayErrorKind | "hang" | "crash"> = [];
  private statusFaults: PaymentGatewayErrorKind[] = [];
  private n = 0;

  async initiate(request: InitiatePaymentRequest, signal?: AbortSignal): Promise<InitiatePaymentResult> {
    this.requests.push({ ...request });
    const fault = this.initiateFaults.shift();
    if (fault === "hang") {
      // Answers only when the caller gives up, like a provider that never replies.
      return new Promise((_, reject) => signal?.addEventListener("abort", () => reject(new PaymentGatewayError("timeout", "aborted"))));
    }
    if (fault === "crash") throw new TypeError("something unexpected");
    if (fault) throw new PaymentGatewayError(fault, `scripted ${fault}`, fault === "rejected" ? 400 : undefined);
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
    return { transId, checkoutUrl: `https://checkout.test/${transId}` };
  }

  async getStatus(transId: string): Promise<ProviderTransaction> {
    this.statusCalls.push(transId);
    const fault = this.statusFaults.shift();
    if (fault) throw new PaymentGatewayError(fault, `scripted ${fault}`, fault === "rejected" ? 404 : undefined);
    const tx = this.transactions.get(transId);
    if (!tx) throw new PaymentGatewayError("rejected", "Transaction not found", 404);
    return { ...tx };
  }

  async expire(transId: string): Promise<ProviderTransaction | null> {
    this.expireCalls.push(transId);
    const tx = this.transactions.get(transId);
    if (!tx) throw new PaymentGatewayError("rejected", "Transaction not found", 404);
    if (tx.status === "successful" || tx.status === "expired") return null;
    tx.status = "expired";
    return { ...tx };
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
  failNextInitiate(fault: PaymentGatewayErrorKind | "hang" | "crash"): void {
    this.initiateFaults.push(fault);
  }
  failNextStatus(...faults: PaymentGatewayErrorKind[]): void {
    this.statusFaults.push(...faults);
  }
}
