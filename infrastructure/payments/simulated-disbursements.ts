// The demo's disbursement provider: payouts kept in the database (simulated_payouts), so they
// survive a restart. Like the simulated checkout, a payout takes a 2 s processing step (pending
// for 2 s after it is sent, settled when next read), and a number ending in 000 fails, to
// demonstrate failures. The balance starts at `startingBalance` and goes down with every payout
// not failed.
import { randomInt } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { PaymentGatewayError } from "#domain/payment/payment-gateway.port";
import type { Disbursements, ProviderPayout, SendPayoutRequest } from "#domain/payout/disbursement-gateway.port";
import { systemClock, type Clock } from "#domain/shared/clock";
import type { Database, SimulatedPayoutsTable } from "../db/schema";

export const SIMULATED_PAYOUT_PROCESSING_MS = 2000;
export const SIMULATED_PAYOUT_FAILURE_REASON = "The receiving mobile-money account refused the transfer";

export interface SimulatedDisbursementsOptions {
  db: Kysely<Database>;
  clock?: Clock;
  startingBalance?: number;
  newTransId?: () => string;
}

const STATUS = { PENDING: "pending", SUCCESSFUL: "successful", FAILED: "failed" } as const;
const TRANS_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export class SimulatedDisbursements implements Disbursements {
  readonly name = "simulated";
  private readonly clock: Clock;

  constructor(private readonly options: SimulatedDisbursementsOptions) {
    this.clock = options.clock ?? systemClock;
  }

  async balance(): Promise<number> {
    const row = await this.options.db
      .selectFrom("simulated_payouts")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.val(0)).as("spent"))
      .where("status", "<>", "FAILED")
      .executeTakeFirstOrThrow();
    return (this.options.startingBalance ?? 1_000_000) - Number(row.spent);
  }

  async send(request: SendPayoutRequest): Promise<{ transId: string }> {
    if (!Number.isInteger(request.amount) || request.amount < 100)
      throw new PaymentGatewayError("rejected", "amount cannot be less than 100 XAF", 400);
    if (!/^6\d{8}$/.test(request.phone)) throw new PaymentGatewayError("rejected", "invalid phone number", 400);
    const transId = this.options.newTransId?.() ?? newTransId();
    const now = this.clock.now().toISOString();
    await this.options.db
      .insertInto("simulated_payouts")
      .values({
        trans_id: transId,
        status: "PENDING",
        amount: request.amount,
        external_id: request.reference,
        user_id: request.userId,
        phone: request.phone,
        medium: request.medium === "orange_money" ? "orange money" : "mobile money",
        name: request.name,
        reason: null,
        date_initiated: now,
        updated_at: now,
      })
      .execute();
    return { transId };
  }

  async status(transId: string): Promise<ProviderPayout> {
    const row = await this.options.db.selectFrom("simulated_payouts").selectAll().where("trans_id", "=", transId).executeTakeFirst();
    if (!row) throw new PaymentGatewayError("rejected", "Transaction not found", 404);
    return toPayout(await this.settleIfProcessed(row));
  }

  async findByReference(query: { reference: string; userId: string }): Promise<ProviderPayout | null> {
    const row = await this.options.db
      .selectFrom("simulated_payouts")
      .selectAll()
      .where("external_id", "=", query.reference)
      .where("user_id", "=", query.userId)
      .orderBy("date_initiated")
      .executeTakeFirst();
    return row ? toPayout(await this.settleIfProcessed(row)) : null;
  }

  /** After the processing step the outcome is decided, once (a conditional update). */
  private async settleIfProcessed(row: Selectable<SimulatedPayoutsTable>): Promise<Selectable<SimulatedPayoutsTable>> {
    if (row.status !== "PENDING") return row;
    if (this.clock.now().getTime() - Date.parse(row.date_initiated) < SIMULATED_PAYOUT_PROCESSING_MS) return row;
    const fails = row.phone.endsWith("000");
    const now = this.clock.now().toISOString();
    await this.options.db
      .updateTable("simulated_payouts")
      .set({ status: fails ? "FAILED" : "SUCCESSFUL", reason: fails ? SIMULATED_PAYOUT_FAILURE_REASON : null, updated_at: now })
      .where("trans_id", "=", row.trans_id)
      .where("status", "=", "PENDING")
      .execute();
    return this.options.db.selectFrom("simulated_payouts").selectAll().where("trans_id", "=", row.trans_id).executeTakeFirstOrThrow();
  }
}

function toPayout(row: Selectable<SimulatedPayoutsTable>): ProviderPayout {
  return { transId: row.trans_id, status: STATUS[row.status], amount: Number(row.amount), externalId: row.external_id, reason: row.reason };
}

function newTransId(): string {
  let id = "";
  for (let i = 0; i < 9; i += 1) id += TRANS_ALPHABET[randomInt(TRANS_ALPHABET.length)];
  return id;
}
