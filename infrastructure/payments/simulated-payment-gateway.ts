// The demo's payment provider: a real implementation of the gateway port whose transactions live
// in the database (simulated_transactions), so a checkout survives a restart. It behaves like
// Fapshi's hosted checkout: initiate returns a link to the app's own /simulated-checkout/{transId}
// page, where the payer approves or declines; numbers ending in 000 are always declined. Each final
// change is reported through `onStatusChange`, which the app wires to the same webhook handling
// as Fapshi's (handleWebhook re-reads the status from here).
import { randomInt } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { systemClock, type Clock } from "#domain/shared/clock";
import {
  PaymentGatewayError,
  type InitiatePaymentRequest,
  type InitiatePaymentResult,
  type PaymentGateway,
  type ProviderStatus,
  type ProviderTransaction,
} from "#domain/payment/payment-gateway.port";
import { PAYMENT_LINK_LIFETIME_MS } from "#domain/payment/payment.entity";
import type { Database, SimulatedTransactionsTable } from "../db/schema";

type SimStatus = SimulatedTransactionsTable["status"];

export interface SimulatedCheckout {
  transId: string;
  status: ProviderStatus;
  amount: number;
  payerName: string;
  phone: string;
  medium: string;
  message: string;
  /** Where the checkout page sends the payer afterwards: /payment-success?ref=<our reference>. */
  returnUrl: string;
  /** The account that started the payment: only it may approve or decline. */
  userId: string;
}

export interface SimulatedGatewayOptions {
  db: Kysely<Database>;
  appUrl: string;
  clock?: Clock;
  /** Reports a final change; the app calls handleWebhook(transId). */
  onStatusChange?: (transId: string) => Promise<void>;
  /** Like Fapshi's webhook, a failed notification is not retried (the reconciler catches up). */
  onNotifyError?: (error: unknown, transId: string) => void;
  newTransId?: () => string;
}

const TRANS_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const STATUS: Record<SimStatus, ProviderStatus> = {
  CREATED: "pending",
  PENDING: "pending",
  SUCCESSFUL: "successful",
  FAILED: "failed",
  EXPIRED: "expired",
};
/** Payment can still happen on these (FAILED is not final for a checkout link). */
const OPEN: SimStatus[] = ["CREATED", "PENDING", "FAILED"];

export class SimulatedPaymentGateway implements PaymentGateway {
  readonly name = "simulated";
  private readonly clock: Clock;
  private readonly appUrl: string;

  constructor(private readonly options: SimulatedGatewayOptions) {
    this.clock = options.clock ?? systemClock;
    this.appUrl = options.appUrl.replace(/\/$/, "");
  }

  async initiate(request: InitiatePaymentRequest): Promise<InitiatePaymentResult> {
    if (!Number.isInteger(request.amount) || request.amount < 100)
      throw new PaymentGatewayError("rejected", "amount must be at least 100", 400);
    const transId = this.options.newTransId?.() ?? newTransId();
    const now = this.clock.now().toISOString();
    await this.options.db
      .insertInto("simulated_transactions")
      .values({
        trans_id: transId,
        status: "CREATED",
        amount: request.amount,
        external_id: request.reference,
        user_id: request.userId,
        email: request.email,
        payer_name: request.customerName,
        phone: request.phone,
        medium: request.method === "orange_money" ? "orange money" : "mobile money",
        message: request.message,
        redirect_url: `${this.appUrl}/payment-success?ref=${encodeURIComponent(request.reference)}`,
        reason: null,
        date_initiated: now,
        date_confirmed: null,
        updated_at: now,
      })
      .execute();
    return { transId, checkoutUrl: `${this.appUrl}/simulated-checkout/${transId}` };
  }

  async getStatus(transId: string): Promise<ProviderTransaction> {
    const row = await this.expireIfOld(await this.mustFind(transId));
    return toTransaction(row);
  }

  /** Like Fapshi's expire-pay: an open link is expired; a paid or expired one is answered as it is. Its checkout page then refuses. */
  async expire(transId: string): Promise<ProviderTransaction> {
    await this.mustFind(transId);
    await this.move(transId, OPEN, "EXPIRED", null);
    return toTransaction(await this.mustFind(transId));
  }

  async findByReference(query: { reference: string; userId: string }): Promise<ProviderTransaction | null> {
    const row = await this.options.db
      .selectFrom("simulated_transactions")
      .selectAll()
      .where("external_id", "=", query.reference)
      .where("user_id", "=", query.userId)
      .orderBy("date_initiated")
      .executeTakeFirst();
    return row ? toTransaction(await this.expireIfOld(row)) : null;
  }

  /** For the checkout page; null for an unknown transaction. */
  async findCheckout(transId: string): Promise<SimulatedCheckout | null> {
    const found = await this.find(transId);
    if (!found) return null;
    const row = await this.expireIfOld(found);
    return {
      transId: row.trans_id,
      status: STATUS[row.status],
      amount: Number(row.amount),
      payerName: row.payer_name,
      phone: row.phone,
      medium: row.medium,
      message: row.message,
      returnUrl: row.redirect_url,
      userId: row.user_id,
    };
  }

  /** The payer approves. A number ending in 000 is declined, to demonstrate failures. Answers the final status. */
  async approve(transId: string): Promise<ProviderStatus> {
    const row = await this.expireIfOld(await this.mustFind(transId));
    if (row.phone.endsWith("000")) return this.decide(transId, "FAILED", "Payment declined by the payer's provider");
    return this.decide(transId, "SUCCESSFUL", null);
  }

  /** The payer declines. The link stays open, as Fapshi's does: a later approval can still succeed. */
  async decline(transId: string): Promise<ProviderStatus> {
    await this.expireIfOld(await this.mustFind(transId));
    return this.decide(transId, "FAILED", "Payment declined by the payer");
  }

  private async decide(transId: string, to: "SUCCESSFUL" | "FAILED", reason: string | null): Promise<ProviderStatus> {
    const from = to === "FAILED" ? OPEN.filter((s) => s !== "FAILED") : OPEN;
    const changed = await this.move(transId, from, to, reason);
    if (changed) await this.notify(transId);
    return STATUS[(await this.mustFind(transId)).status];
  }

  /** A conditional update, so two clicks cannot both decide. */
  private async move(transId: string, from: SimStatus[], to: SimStatus, reason: string | null): Promise<boolean> {
    const now = this.clock.now().toISOString();
    const result = await this.options.db
      .updateTable("simulated_transactions")
      .set({ status: to, reason, updated_at: now, ...(to === "SUCCESSFUL" ? { date_confirmed: now } : {}) })
      .where("trans_id", "=", transId)
      .where("status", "in", from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async notify(transId: string): Promise<void> {
    if (!this.options.onStatusChange) return;
    try {
      await this.options.onStatusChange(transId);
    } catch (error) {
      this.options.onNotifyError?.(error, transId);
    }
  }

  /**
   * Links live 24 hours, as Fapshi's do. Expired lazily when read, without a notification: the
   * reconciler, which reads it, applies the expiry itself (and a notification from inside a read
   * would re-enter the webhook handling that is reading).
   */
  private async expireIfOld(row: Selectable<SimulatedTransactionsTable>): Promise<Selectable<SimulatedTransactionsTable>> {
    const age = this.clock.now().getTime() - Date.parse(row.date_initiated);
    if (age < PAYMENT_LINK_LIFETIME_MS || !OPEN.includes(row.status)) return row;
    await this.move(row.trans_id, OPEN, "EXPIRED", null);
    return this.mustFind(row.trans_id);
  }

  private find(transId: string) {
    return this.options.db.selectFrom("simulated_transactions").selectAll().where("trans_id", "=", transId).executeTakeFirst();
  }

  private async mustFind(transId: string): Promise<Selectable<SimulatedTransactionsTable>> {
    const row = await this.find(transId);
    if (!row) throw new PaymentGatewayError("rejected", "Transaction not found", 404);
    return row;
  }
}

function toTransaction(row: Selectable<SimulatedTransactionsTable>): ProviderTransaction {
  return {
    transId: row.trans_id,
    status: STATUS[row.status],
    amount: Number(row.amount),
    externalId: row.external_id,
    userId: row.user_id,
    reason: row.reason,
  };
}

/** Nine letters and digits, like Fapshi's transIds. */
function newTransId(): string {
  let id = "";
  for (let i = 0; i < 9; i += 1) id += TRANS_ALPHABET[randomInt(TRANS_ALPHABET.length)];
  return id;
}
