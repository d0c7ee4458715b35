// The admin's payout filters (decision 0225), read from the address by /admin/payouts and its CSV
// (/admin/payouts.csv), so the download holds exactly what the page lists. Values that are not a
// status, an id or a real YYYY-MM-DD day are left out (the list is then not filtered by them).
import { DAY_MS } from "#domain/shared/clock";
import { doualaDayStart } from "#domain/commission/weekly-payout";
import type { PayoutStatus } from "#domain/payout/payout.entity";
import type { PayoutListQuery } from "#domain/payout/payout-store.port";

export const PAYOUT_STATUSES = ["pending", "successful", "failed"] as const satisfies readonly PayoutStatus[];

export interface PayoutFilter {
  status?: PayoutStatus;
  agent?: string;
  /** Days in Buea, both included. */
  from?: string;
  to?: string;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function payoutFilterFromUrl(url: URL): PayoutFilter {
  const q = url.searchParams;
  const filter: PayoutFilter = {};
  const status = q.get("status") ?? "";
  if ((PAYOUT_STATUSES as readonly string[]).includes(status)) filter.status = status as PayoutStatus;
  const agent = q.get("agent") ?? "";
  if (ID.test(agent)) filter.agent = agent;
  for (const key of ["from", "to"] as const) {
    const day = (q.get(key) ?? "").trim();
    if (doualaDayStart(day)) filter[key] = day;
  }
  return filter;
}

/** The query string of a filter, "" when there is none; the names the form uses. */
export function payoutFilterQuery(filter: PayoutFilter): string {
  const q = new URLSearchParams();
  for (const key of ["status", "agent", "from", "to"] as const) if (filter[key]) q.set(key, filter[key]);
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** The store's query: from the start of `from` to the end of `to`, Buea days. */
export function payoutListQuery(filter: PayoutFilter, limit: number): PayoutListQuery {
  const from = filter.from ? doualaDayStart(filter.from) : null;
  const toStart = filter.to ? doualaDayStart(filter.to) : null;
  return {
    limit,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.agent ? { agentId: filter.agent } : {}),
    ...(from ? { from } : {}),
    ...(toStart ? { to: new Date(toStart.getTime() + DAY_MS) } : {}),
  };
}
