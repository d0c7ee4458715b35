// The payout store in memory, for unit tests and the contract suite; a UnitOfWork snapshots and
// restores it, as a transaction would.
import type { AuditEntry, AuditFilter, AuditLog, AuditQuery } from "../accounts/audit-log.port";
import { matchesAuditFilter } from "../accounts/audit-log.port";
import type { CommissionStatus } from "../commission/commission.entity";
import type { UnitOfWork } from "../shared/transaction";
import { inTimelineOrder, type Payout, type PayoutEvent, type PayoutNumber } from "./payout.entity";
import type { DueToAgent, PayeeContact, PayoutListQuery, PayoutStore } from "./payout-store.port";

/** The fields of a commission earning the payouts read and write. */
export interface PayableEarning {
  id: string;
  agentId: string;
  amount: number;
  date: Date;
  status: CommissionStatus;
  payoutId: string | null;
  paidDate: Date | null;
  payoutReference: string | null;
}

interface State {
  numbers: PayoutNumber[];
  payouts: Payout[];
  events: PayoutEvent[];
  earnings: PayableEarning[];
  audit: AuditEntry[];
}

const clone = <T>(value: T): T => structuredClone(value);

export class InMemoryPayoutStore implements PayoutStore {
  state: State = { numbers: [], payouts: [], events: [], earnings: [], audit: [] };
  readonly contacts = new Map<string, PayeeContact>();

  /** Test helper: an earning as the commissions module would record it. */
  addEarning(e: Omit<PayableEarning, "payoutId" | "paidDate" | "payoutReference"> & Partial<PayableEarning>): void {
    this.state.earnings.push({ payoutId: null, paidDate: null, payoutReference: null, ...clone(e) });
  }
  earning(id: string): PayableEarning | undefined {
    return clone(this.state.earnings.find((e) => e.id === id));
  }

  async findNumber(agentId: string): Promise<PayoutNumber | null> {
    return clone(this.state.numbers.find((n) => n.agentId === agentId) ?? null);
  }
  async saveNumber(number: PayoutNumber): Promise<void> {
    this.state.numbers = [...this.state.numbers.filter((n) => n.agentId !== number.agentId), clone(number)];
  }
  async contact(agentId: string): Promise<PayeeContact | null> {
    return this.contacts.get(agentId) ?? null;
  }

  private unclaimed(cutOff: Date) {
    return this.state.earnings.filter((e) => e.status === "pending" && e.payoutId === null && e.date.getTime() <= cutOff.getTime());
  }

  async dueUpTo(cutOff: Date): Promise<DueToAgent[]> {
    const due = new Map<string, DueToAgent>();
    for (const e of this.unclaimed(cutOff)) {
      const number = this.state.numbers.find((n) => n.agentId === e.agentId);
      if (!number) continue;
      const d = due.get(e.agentId) ?? { agentId: e.agentId, phone: number.phone, amount: 0, count: 0 };
      d.amount += e.amount;
      d.count += 1;
      due.set(e.agentId, d);
    }
    return [...due.values()].sort((a, b) => a.agentId.localeCompare(b.agentId));
  }

  async claimEarnings(agentId: string, cutOff: Date, payoutId: string): Promise<{ id: string; amount: number }[]> {
    const mine = this.unclaimed(cutOff).filter((e) => e.agentId === agentId);
    for (const e of mine) e.payoutId = payoutId;
    return mine.map((e) => ({ id: e.id, amount: e.amount }));
  }

  async insert(payout: Payout): Promise<void> {
    if (this.state.payouts.some((p) => p.id === payout.id)) throw new Error(`Payout ${payout.id} exists`);
    this.state.payouts.push(clone(payout));
  }
  async findById(id: string): Promise<Payout | null> {
    return clone(this.state.payouts.find((p) => p.id === id) ?? null);
  }
  async findByTransId(transId: string): Promise<Payout | null> {
    return clone(this.state.payouts.find((p) => p.transId === transId) ?? null);
  }
  async claimSend(id: string, at: Date, staleBefore: Date): Promise<boolean> {
    const p = this.state.payouts.find((x) => x.id === id);
    if (!p || p.status !== "pending" || p.transId !== null) return false;
    if (p.sendClaimedAt && p.sendClaimedAt.getTime() > staleBefore.getTime()) return false;
    Object.assign(p, { sendClaimedAt: new Date(at), updatedAt: new Date(at) });
    return true;
  }
  async recordTransId(id: string, transId: string, at: Date): Promise<void> {
    const p = this.state.payouts.find((x) => x.id === id);
    if (p) Object.assign(p, { transId, sendClaimedAt: null, updatedAt: new Date(at) });
  }
  async markSucceeded(id: string, at: Date): Promise<boolean> {
    const p = this.state.payouts.find((x) => x.id === id);
    if (!p || p.status !== "pending") return false;
    Object.assign(p, { status: "successful", updatedAt: new Date(at) });
    for (const e of this.state.earnings)
      if (e.payoutId === id && e.status === "pending")
        Object.assign(e, { status: "paid", paidDate: new Date(at), payoutReference: p.transId ?? p.id });
    return true;
  }
  async markFailed(id: string, reason: string, at: Date): Promise<boolean> {
    const p = this.state.payouts.find((x) => x.id === id);
    if (!p || p.status !== "pending") return false;
    Object.assign(p, { status: "failed", reason, sendClaimedAt: null, updatedAt: new Date(at) });
    for (const e of this.state.earnings) if (e.payoutId === id && e.status === "pending") e.payoutId = null;
    return true;
  }
  async listOpen(): Promise<Payout[]> {
    return clone(this.state.payouts.filter((p) => p.status === "pending").sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()));
  }
  async listByAgent(agentId: string, limit: number): Promise<Payout[]> {
    return clone(newestFirst(this.state.payouts.filter((p) => p.agentId === agentId)).slice(0, limit));
  }
  async listPayees(): Promise<string[]> {
    return [...new Set(this.state.payouts.map((p) => p.agentId))].sort();
  }
  async listRecent(query: PayoutListQuery): Promise<Payout[]> {
    const kept = this.state.payouts.filter(
      (p) =>
        (!query.status || p.status === query.status) &&
        (!query.agentId || p.agentId === query.agentId) &&
        (!query.from || p.createdAt.getTime() >= query.from.getTime()) &&
        (!query.to || p.createdAt.getTime() < query.to.getTime()),
    );
    return clone(newestFirst(kept).slice(0, query.limit));
  }
  async addEvent(event: PayoutEvent): Promise<void> {
    this.state.events.push(clone(event));
  }
  async events(payoutId: string): Promise<PayoutEvent[]> {
    return clone(inTimelineOrder(this.state.events.filter((e) => e.payoutId === payoutId)));
  }
}

const newestFirst = (rows: Payout[]) => [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));

/** The audit rows the in-memory unit of work keeps beside the payouts. */
export class InMemoryPayoutAudit implements AuditLog {
  constructor(private readonly store: InMemoryPayoutStore) {}
  async record(entry: AuditEntry): Promise<void> {
    this.store.state.audit.push(clone(entry));
  }
  async list(query: AuditQuery): Promise<AuditEntry[]> {
    const rows = this.store.state.audit.filter((e) => matchesAuditFilter(e, query)).reverse();
    return clone(rows.slice(query.offset ?? 0, (query.offset ?? 0) + query.limit));
  }
  async count(filter: AuditFilter): Promise<number> {
    return this.store.state.audit.filter((e) => matchesAuditFilter(e, filter)).length;
  }
  async facets(): Promise<{ actions: string[]; actorIds: string[] }> {
    const actions = [...new Set(this.store.state.audit.map((e) => e.action))].sort();
    const actorIds = [...new Set(this.store.state.audit.flatMap((e) => (e.actorId ? [e.actorId] : [])))].sort();
    return { actions, actorIds };
  }
}

/** All or nothing, like a transaction: a failing `work` leaves the store as it was. One at a time. */
export function inMemoryPayoutUnitOfWork(store: InMemoryPayoutStore): UnitOfWork<{ payouts: PayoutStore; audit: AuditLog }> {
  const audit = new InMemoryPayoutAudit(store);
  let queue: Promise<unknown> = Promise.resolve();
  return {
    run<T>(work: (repos: { payouts: PayoutStore; audit: AuditLog }) => Promise<T>): Promise<T> {
      const next = queue.then(async () => {
        const before = clone(store.state);
        try {
          return await work({ payouts: store, audit });
        } catch (error) {
          store.state = before;
          throw error;
        }
      });
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
