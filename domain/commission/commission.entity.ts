// An agent earns a fixed commission for a viewing the student confirms took place: at most one per
// (agent, student, subscription period), so a student's second account or repeated visits cannot
// multiply what an agent earns from one 8 000 FCFA subscription (docs/decisions/0108).
export const VISITATION_COMMISSION_XAF = 5000;

/** pending until the weekly payout; then paid. An admin may void a pending one, with a reason. */
export type CommissionStatus = "pending" | "paid" | "voided";

/** The period key of viewings booked under no subscription the system knows of (older or odd data). */
export const NO_SUBSCRIPTION_PERIOD = "none";

export const VOID_REASON_MAX = 500;
export const PAYOUT_REFERENCE_MAX = 100;

export interface CommissionEarning {
  id: string;
  agentId: string;
  propertyId: string;
  bookingId: string;
  /** The student whose viewing earned it; null on earnings recorded before the rule existed. */
  studentId: string | null;
  /** The student's subscription the viewing was booked under (its id, or NO_SUBSCRIPTION_PERIOD); null on older earnings. */
  periodKey: string | null;
  amount: number;
  type: "visitation";
  date: Date;
  status: CommissionStatus;
  paidDate: Date | null;
  voidedAt: Date | null;
  voidedBy: string | null;
  voidReason: string | null;
  /** The reference of the payout that paid it (the weekly payout run); null otherwise or on older rows. */
  payoutReference?: string | null;
  /** The provider payout paying it (decision 0212): set while claimed, kept once paid; null otherwise. */
  payoutId?: string | null;
}

export interface AgentEarningsSummary {
  /** Commissions earned and not voided, in XAF. */
  total: number;
  paid: number;
  unpaid: number;
  /** How many viewings earned a commission that was not voided. */
  count: number;
}

export interface AgentNoShows {
  agentId: string;
  noShows: number;
}

/** What the audit log keeps of an earning before and after an admin's change (a JSON string). */
export function commissionAuditState(e: CommissionEarning): string {
  return JSON.stringify({
    agentId: e.agentId,
    bookingId: e.bookingId,
    amount: e.amount,
    status: e.status,
    paidDate: e.paidDate ? e.paidDate.toISOString() : null,
    payoutReference: e.payoutReference ?? null,
    voidReason: e.voidReason,
  });
}
