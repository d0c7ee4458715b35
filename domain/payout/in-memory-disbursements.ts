// A scriptable disbursement provider in memory, for unit tests: payouts start pending and move
// when the test says so; a send can be made to time out after (or before) reaching the provider.
import { PaymentGatewayError } from "../payment/payment-gateway.port";
import type { Disbursements, ProviderPayout, SendPayoutRequest } from "./disbursement-gateway.port";

export class InMemoryDisbursements implements Disbursements {
  readonly name = "memory";
  available = 1_000_000;
  readonly sent: (SendPayoutRequest & { transId: string })[] = [];
  readonly transactions = new Map<string, ProviderPayout & { userId: string }>();
  /** The next send: 'timeout_after' reaches the provider but its answer is lost; 'timeout_before' never arrives; 'reject' is a 400. */
  nextSend: "ok" | "timeout_after" | "timeout_before" | "reject" = "ok";
  private n = 0;

  async balance(): Promise<number> {
    return this.available;
  }

  async send(request: SendPayoutRequest): Promise<{ transId: string }> {
    const mode = this.nextSend;
    this.nextSend = "ok";
    if (mode === "reject") throw new PaymentGatewayError("rejected", "invalid phone number", 400);
    if (mode === "timeout_before") throw new PaymentGatewayError("timeout", "POST /payout timed out");
    this.n += 1;
    const transId = `PO${String(this.n).padStart(7, "0")}`;
    this.sent.push({ ...request, transId });
    this.transactions.set(transId, {
      transId,
      status: "pending",
      amount: request.amount,
      externalId: request.reference,
      reason: null,
      userId: request.userId,
    });
    if (mode === "timeout_after") throw new PaymentGatewayError("timeout", "POST /payout timed out");
    return { transId };
  }

  async status(transId: string): Promise<ProviderPayout> {
    const t = this.transactions.get(transId);
    if (!t) throw new PaymentGatewayError("rejected", "Transaction not found", 404);
    const { userId: _userId, ...rest } = t;
    return { ...rest };
  }

  async findByReference(query: { reference: string; userId: string }): Promise<ProviderPayout | null> {
    const t = [...this.transactions.values()].find((x) => x.externalId === query.reference && x.userId === query.userId);
    if (!t) return null;
    const { userId: _userId, ...rest } = t;
    return { ...rest };
  }

  /** The provider's outcome for a payout sent to `phone` (the latest). */
  settle(reference: string, status: "successful" | "failed", reason: string | null = null): void {
    const t = [...this.transactions.values()].find((x) => x.externalId === reference);
    if (!t) throw new Error(`No payout ${reference}`);
    Object.assign(t, { status, reason });
  }
}
