import type { Payout, PayoutEvent, PayoutNumber } from "./payout.entity";

/** What one agent is owed: their pending earnings not yet claimed by a payout, up to a cut-off. */
export interface DueToAgent {
  agentId: string;
  /** The agent's payout number as it stands now (the run reads it again when it sends). */
  phone: string;
  amount: number;
  count: number;
}

/** Which payouts a list shows; every filter optional, all applying together. */
export interface PayoutListQuery {
  limit: number;
  status?: Payout["status"];
  agentId?: string;
  /** Created at or after. */
  from?: Date;
  /** Created strictly before. */
  to?: Date;
}

/** Who a payout goes to, for the provider's `name` and the e-mails. */
export interface PayeeContact {
  name: string;
  email: string;
  language: "en" | "fr";
}

/**
 * The payouts and what they pay, in one store so that claiming earnings, recording a payout and
 * settling it each happen in one transaction (with its events and audit rows).
 */
export interface PayoutStore {
  findNumber(agentId: string): Promise<PayoutNumber | null>;
  saveNumber(number: PayoutNumber): Promise<void>;
  contact(agentId: string): Promise<PayeeContact | null>;
  /** Agents with a payout number and pending earnings dated at or before `cutOff` that no payout has claimed; oldest agent id first. */
  dueUpTo(cutOff: Date): Promise<DueToAgent[]>;
  /**
   * Claims for `payoutId` the agent's pending earnings dated at or before `cutOff` that no payout
   * has claimed, in one conditional write: an earning claimed by a concurrent run is not
   * claimed again. Answers what this call claimed.
   */
  claimEarnings(agentId: string, cutOff: Date, payoutId: string): Promise<{ id: string; amount: number }[]>;
  insert(payout: Payout): Promise<void>;
  findById(id: string): Promise<Payout | null>;
  /** The payout the provider's transaction `transId` is (once its answer or a lookup recorded it). */
  findByTransId(transId: string): Promise<Payout | null>;
  /** Takes the right to send: only while pending, the provider has no transaction and nobody holds a claim taken after `staleBefore`. */
  claimSend(id: string, at: Date, staleBefore: Date): Promise<boolean>;
  /** The provider's transaction id (from the send's answer, a lookup by reference or a webhook); releases the send claim. */
  recordTransId(id: string, transId: string, at: Date): Promise<void>;
  /** pending → successful, and the earnings it claimed become paid (paid date, reference = the provider's transId). False when not pending. */
  markSucceeded(id: string, at: Date): Promise<boolean>;
  /** pending → failed with the reason, and the earnings it claimed go back to the pending pool. False when not pending. */
  markFailed(id: string, reason: string, at: Date): Promise<boolean>;
  /** Pending payouts, oldest first. */
  listOpen(): Promise<Payout[]>;
  /** Newest first. */
  listByAgent(agentId: string, limit: number): Promise<Payout[]>;
  /** Every agent who has had a payout, for the admin's filter. */
  listPayees(): Promise<string[]>;
  /** Newest first, filtered. */
  listRecent(query: PayoutListQuery): Promise<Payout[]>;
  addEvent(event: PayoutEvent): Promise<void>;
  /** Oldest first. */
  events(payoutId: string): Promise<PayoutEvent[]>;
}
