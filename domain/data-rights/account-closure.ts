// Closing one's own account (decision 0217): what must be settled first, and the port that reads
// those facts and anonymises the account in one transaction.
import type { Role } from "../accounts/account.entity";
import type { AuditAction } from "../accounts/audit-actions";
import type { AuditEntry } from "../accounts/audit-log.port";

/** What stands between a person and the closing of their account, counted at one moment. */
export interface ClosureFacts {
  role: Role;
  /** Admins on the platform, this one included. */
  adminCount: number;
  /** Visits on the agent's listings that are booked (not cancelled) for today or later. */
  upcomingAgentVisits: number;
  /** The agent's commission earnings not yet paid out (status pending). */
  unpaidEarnings: number;
  /** Requests to the host's guest houses whose stay has not ended yet. */
  openHostAttempts: number;
  /** The person's payments still waiting for the provider's answer. */
  pendingPayments: number;
}

export type ClosureBlocker = "last_admin" | "upcoming_visits" | "unpaid_earnings" | "open_attempts" | "pending_payment";

/** Why the account cannot close now, in the order the page lists them; empty when it can. */
export function closureBlockers(facts: ClosureFacts): ClosureBlocker[] {
  const blockers: ClosureBlocker[] = [];
  if (facts.role === "admin" && facts.adminCount <= 1) blockers.push("last_admin");
  if (facts.upcomingAgentVisits > 0) blockers.push("upcoming_visits");
  if (facts.unpaidEarnings > 0) blockers.push("unpaid_earnings");
  if (facts.openHostAttempts > 0) blockers.push("open_attempts");
  if (facts.pendingPayments > 0) blockers.push("pending_payment");
  return blockers;
}

/** The name a closed account shows wherever it appeared (messages, reviews, payments). */
export const FORMER_USER_NAME = "Former user";

/** The e-mail a closed account keeps: unique, undeliverable, and frees the real address for a new account. */
export const closedEmail = (userId: string): string => `closed-${userId}@closed.invalid`;

export interface AccountClosureStore {
  /** The facts for `userId` as of `now` (the day of the visits is `today`, YYYY-MM-DD in Buea). */
  facts(userId: string, now: Date, today: string): Promise<ClosureFacts | null>;
  /**
   * In one transaction: re-checks the facts (a visit booked meanwhile refuses), then ends every
   * session, deletes the wishlist, histories, saved searches, tokens and codes, and replaces the
   * name, e-mail, phone and sign-in methods of the profile (and the copies on bookings and
   * payments) so nothing names the person; payments, commissions, payouts and reviews stay,
   * linked to the anonymised profile; and writes `audit` in that same transaction, so a closing
   * is never without its audit row nor an audit row without its closing. Answers the blockers
   * found, empty when it closed.
   */
  close(userId: string, now: Date, today: string, audit: AuditEntry & { action: AuditAction }): Promise<ClosureBlocker[]>;
}
