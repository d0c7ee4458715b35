// An agent earns a fixed commission for each viewing the student confirms took place.
export const VISITATION_COMMISSION_XAF = 5000;

export interface CommissionEarning {
  id: string;
  agentId: string;
  propertyId: string;
  bookingId: string;
  amount: number;
  type: "visitation";
  date: Date;
  paid: boolean;
  paidDate: Date | null;
}

export interface AgentEarningsSummary {
  /** All commissions earned, in XAF. */
  total: number;
  paid: number;
  unpaid: number;
  /** How many viewings earned a commission. */
  count: number;
}

export interface AgentNoShows {
  agentId: string;
  noShows: number;
}
