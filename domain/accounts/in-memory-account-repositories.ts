// In-memory adapters for every accounts port, for unit tests and route tests. They keep copies,
// never the caller's objects, so a test cannot pass by mutating what it handed in.
import type { UnitOfWork } from "../shared/transaction";
import { displayName, type Account, type AccountChanges, type AgentStatus } from "./account.entity";
import { matchesAccountSearch, type AccountRepository, type AccountSearch } from "./account-repository.port";
import type { AccountRepos } from "./accounts.deps";
import type { AgentDocument, AgentProfile, AgentVerificationDetails } from "./agent.entity";
import { DEFAULT_COMMISSION_RATE, DEFAULT_PAYOUT_SCHEDULE } from "./agent.entity";
import type { AgentRepository } from "./agent-repository.port";
import { matchesAuditFilter, type AuditEntry, type AuditFilter, type AuditLog, type AuditQuery } from "./audit-log.port";
import type { DocumentStorage } from "./document-storage.port";
import type { EmailToken, TokenPurpose } from "./email-token.entity";
import type { EmailTokenRepository } from "./email-token-repository.port";
import type { LoginAttemptRepository } from "./login-attempt-repository.port";
import type { RecoveryCodeRepository } from "./recovery-code-repository.port";
import type { Session } from "./session.entity";
import type { SessionRepository } from "./session-repository.port";

const copy = <T>(value: T): T => structuredClone(value);

interface Snapshotting {
  snapshot(): unknown;
  restore(state: unknown): void;
}

export class InMemoryAccountRepository implements AccountRepository, Snapshotting {
  private rows = new Map<string, Account>();

  async insert(account: Account): Promise<"inserted" | "duplicate"> {
    for (const row of this.rows.values()) {
      if (row.id === account.id || row.email === account.email) return "duplicate";
      if (account.googleId && row.googleId === account.googleId) return "duplicate";
    }
    this.rows.set(account.id, copy(account));
    return "inserted";
  }
  async findById(id: string) {
    const row = this.rows.get(id);
    return row ? copy(row) : null;
  }
  async findByIds(ids: readonly string[]) {
    return [...new Set(ids)].flatMap((id) => {
      const row = this.rows.get(id);
      return row ? [copy(row)] : [];
    });
  }
  async displayNamesByIds(ids: readonly string[]) {
    const names = new Map<string, string>();
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row) names.set(id, displayName(row));
    }
    return names;
  }
  async findByEmail(email: string) {
    const row = [...this.rows.values()].find((r) => r.email === email);
    return row ? copy(row) : null;
  }
  async findByGoogleId(googleId: string) {
    const row = [...this.rows.values()].find((r) => r.googleId === googleId);
    return row ? copy(row) : null;
  }
  private readonly signIns = new Map<string, Date>();
  async recordSignIn(id: string, at: Date): Promise<"first" | "again"> {
    const before = this.signIns.has(id);
    this.signIns.set(id, at);
    return before ? "again" : "first";
  }
  async update(id: string, changes: AccountChanges): Promise<void> {
    const row = this.rows.get(id);
    if (row) this.rows.set(id, { ...row, ...copy(changes) });
  }
  async search(query: AccountSearch) {
    const found = [...this.rows.values()]
      .filter((r) => matchesAccountSearch(r, query))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    return { accounts: copy(found.slice(query.offset, query.offset + query.limit)), total: Math.min(found.length, query.countLimit) };
  }
  async lockAdmins() {
    return [...this.rows.values()].filter((r) => r.role === "admin").length;
  }
  snapshot() {
    return copy(this.rows);
  }
  restore(state: unknown) {
    this.rows = copy(state as Map<string, Account>);
  }
}

export class InMemorySessionRepository implements SessionRepository, Snapshotting {
  private rows = new Map<string, Session>();

  /** The holders are looked up in the accounts and agents of the same set of repositories. */
  constructor(private readonly holders: { accounts: AccountRepository; agents: AgentRepository }) {}

  async findWithHolder(id: string) {
    const session = await this.findById(id);
    if (!session) return null;
    const [account, agent] = await Promise.all([
      this.holders.accounts.findById(session.userId),
      this.holders.agents.findByUserId(session.userId),
    ]);
    return { session, account, agentStatus: agent?.status ?? null };
  }

  async insert(session: Session) {
    if (this.rows.has(session.id)) throw new Error(`Duplicate session id`);
    this.rows.set(session.id, copy(session));
  }
  async findById(id: string) {
    const row = this.rows.get(id);
    return row ? copy(row) : null;
  }
  async touch(id: string, lastSeenAt: Date) {
    const row = this.rows.get(id);
    if (row) row.lastSeenAt = new Date(lastSeenAt);
  }
  async delete(id: string) {
    this.rows.delete(id);
  }
  async deleteAllForUser(userId: string, exceptId?: string) {
    for (const [id, row] of this.rows) if (row.userId === userId && id !== exceptId) this.rows.delete(id);
  }
  async deleteExpired(now: Date, idleBefore: Date) {
    let n = 0;
    for (const [id, row] of this.rows) {
      if (row.expiresAt <= now || row.lastSeenAt < idleBefore) {
        this.rows.delete(id);
        n += 1;
      }
    }
    return n;
  }
  snapshot() {
    return copy(this.rows);
  }
  restore(state: unknown) {
    this.rows = copy(state as Map<string, Session>);
  }
}

export class InMemoryEmailTokenRepository implements EmailTokenRepository, Snapshotting {
  private rows = new Map<string, EmailToken>();

  async insert(token: EmailToken) {
    this.rows.set(token.id, copy(token));
  }
  async findByHash(tokenHash: string) {
    const row = [...this.rows.values()].find((r) => r.tokenHash === tokenHash);
    return row ? copy(row) : null;
  }
  async markUsed(id: string, at: Date) {
    const row = this.rows.get(id);
    if (!row || row.usedAt) return false;
    row.usedAt = new Date(at);
    return true;
  }
  async invalidateAll(userId: string, purpose: TokenPurpose, at: Date) {
    for (const row of this.rows.values()) {
      if (row.userId === userId && row.purpose === purpose && !row.usedAt) row.usedAt = new Date(at);
    }
  }
  async deleteSpentBefore(before: Date) {
    let n = 0;
    for (const [id, row] of this.rows) {
      if ((row.usedAt && row.usedAt < before) || row.expiresAt < before) {
        this.rows.delete(id);
        n += 1;
      }
    }
    return n;
  }
  snapshot() {
    return copy(this.rows);
  }
  restore(state: unknown) {
    this.rows = copy(state as Map<string, EmailToken>);
  }
}

interface RecoveryCodeRow {
  id: string;
  userId: string;
  codeHash: string;
  usedAt: Date | null;
}

export class InMemoryRecoveryCodeRepository implements RecoveryCodeRepository, Snapshotting {
  private rows: RecoveryCodeRow[] = [];

  async replaceAll(userId: string, codes: { id: string; codeHash: string }[]) {
    this.rows = this.rows.filter((r) => r.userId !== userId);
    for (const c of codes) this.rows.push({ id: c.id, userId, codeHash: c.codeHash, usedAt: null });
  }
  async use(userId: string, codeHash: string, at: Date) {
    const row = this.rows.find((r) => r.userId === userId && r.codeHash === codeHash && !r.usedAt);
    if (!row) return false;
    row.usedAt = new Date(at);
    return true;
  }
  async countUnused(userId: string) {
    return this.rows.filter((r) => r.userId === userId && !r.usedAt).length;
  }
  async deleteAll(userId: string) {
    this.rows = this.rows.filter((r) => r.userId !== userId);
  }
  snapshot() {
    return copy(this.rows);
  }
  restore(state: unknown) {
    this.rows = copy(state as RecoveryCodeRow[]);
  }
}

export class InMemoryLoginAttemptRepository implements LoginAttemptRepository {
  private rows: { id: string; key: string; at: Date }[] = [];

  async record(id: string, key: string, at: Date) {
    this.rows.push({ id, key, at: new Date(at) });
  }
  async countSince(key: string, since: Date) {
    return this.rows.filter((r) => r.key === key && r.at >= since).length;
  }
  async clear(key: string) {
    this.rows = this.rows.filter((r) => r.key !== key);
  }
  async remove(ids: readonly string[]) {
    const gone = new Set(ids);
    this.rows = this.rows.filter((r) => !gone.has(r.id));
  }
  async pruneBefore(at: Date) {
    const before = this.rows.length;
    this.rows = this.rows.filter((r) => r.at >= at);
    return before - this.rows.length;
  }
}

export class InMemoryAuditLog implements AuditLog, Snapshotting {
  private rows: AuditEntry[] = [];

  async record(entry: AuditEntry) {
    this.rows.push(copy(entry));
  }
  async list(query: AuditQuery) {
    const offset = query.offset ?? 0;
    return copy(
      this.rows
        .filter((r) => matchesAuditFilter(r, query))
        .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
        .slice(offset, offset + query.limit),
    );
  }
  async count(filter: AuditFilter) {
    return this.rows.filter((r) => matchesAuditFilter(r, filter)).length;
  }
  async facets() {
    const sorted = (values: Iterable<string>) => [...new Set(values)].sort();
    return {
      actions: sorted(this.rows.map((r) => r.action)),
      actorIds: sorted(this.rows.flatMap((r) => (r.actorId ? [r.actorId] : []))),
    };
  }
  snapshot() {
    return copy(this.rows);
  }
  restore(state: unknown) {
    this.rows = copy(state as AuditEntry[]);
  }
}

export class InMemoryAgentRepository implements AgentRepository, Snapshotting {
  private agents = new Map<string, AgentProfile>();
  private documents: AgentDocument[] = [];

  async findByUserId(userId: string) {
    const row = this.agents.get(userId);
    return row ? copy(row) : null;
  }
  async createUnsubmitted(userId: string, createdAt: Date) {
    if (this.agents.has(userId)) throw new Error(`Agent ${userId} already exists`);
    this.agents.set(userId, {
      userId,
      status: "unsubmitted",
      businessName: null,
      licenseNumber: null,
      specializations: [],
      commissionRate: DEFAULT_COMMISSION_RATE,
      businessPhone: null,
      businessEmail: null,
      businessAddress: null,
      websiteUrl: null,
      rejectionReason: null,
      submittedAt: null,
      reviewedAt: null,
      payoutSchedule: DEFAULT_PAYOUT_SCHEDULE,
      termsAcceptedAt: null,
      createdAt: new Date(createdAt),
    });
  }
  async updateBusinessDetails(userId: string, details: AgentVerificationDetails) {
    const row = this.agents.get(userId);
    if (!row) return false;
    this.agents.set(userId, { ...row, ...copy(details) });
    return true;
  }
  async acceptTerms(userId: string, at: Date) {
    const row = this.agents.get(userId);
    if (!row || row.termsAcceptedAt) return false;
    this.agents.set(userId, { ...row, termsAcceptedAt: new Date(at) });
    return true;
  }
  async saveSubmission(userId: string, details: AgentVerificationDetails, submittedAt: Date) {
    if (!this.agents.has(userId)) await this.createUnsubmitted(userId, submittedAt);
    const row = this.agents.get(userId)!;
    this.agents.set(userId, {
      ...row,
      ...copy(details),
      status: "pending",
      rejectionReason: null,
      submittedAt: new Date(submittedAt),
      reviewedAt: null,
    });
    this.documents = this.documents.filter((d) => d.agentId !== userId);
  }
  async addDocument(document: AgentDocument) {
    if (!this.agents.has(document.agentId)) throw new Error(`No agent ${document.agentId}`);
    this.documents.push(copy(document));
  }
  async listDocuments(agentId: string) {
    return copy(this.documents.filter((d) => d.agentId === agentId));
  }
  async listDocumentsOf(agentIds: readonly string[]) {
    return copy(this.documents.filter((d) => agentIds.includes(d.agentId)));
  }
  async review(userId: string, decision: { status: "approved" | "rejected"; rejectionReason: string | null; reviewedAt: Date }) {
    const row = this.agents.get(userId);
    if (!row || row.status !== "pending") return false;
    this.agents.set(userId, {
      ...row,
      status: decision.status,
      rejectionReason: decision.rejectionReason,
      reviewedAt: new Date(decision.reviewedAt),
    });
    return true;
  }
  async setApprovalWithheld(userId: string, withheld: boolean) {
    const row = this.agents.get(userId);
    const [from, to] = withheld ? (["approved", "withheld"] as const) : (["withheld", "approved"] as const);
    if (!row || row.status !== from) return false;
    this.agents.set(userId, { ...row, status: to });
    return true;
  }
  async listByStatus(status: AgentStatus, limit: number) {
    return copy(
      [...this.agents.values()]
        .filter((a) => a.status === status)
        .sort((a, b) => (a.submittedAt?.getTime() ?? 0) - (b.submittedAt?.getTime() ?? 0))
        .slice(0, limit),
    );
  }
  snapshot() {
    return copy({ agents: this.agents, documents: this.documents });
  }
  restore(state: unknown) {
    const s = copy(state as { agents: Map<string, AgentProfile>; documents: AgentDocument[] });
    this.agents = s.agents;
    this.documents = s.documents;
  }
}

export class InMemoryDocumentStorage implements DocumentStorage {
  readonly files = new Map<string, { bytes: Uint8Array; contentType: string }>();
  async put(key: string, bytes: Uint8Array, contentType: string) {
    this.files.set(key, { bytes: bytes.slice(), contentType });
  }
  async get(key: string) {
    const f = this.files.get(key);
    return f ? { bytes: f.bytes.slice(), contentType: f.contentType } : null;
  }
  async delete(key: string) {
    this.files.delete(key);
  }
}

export interface InMemoryAccountRepos extends AccountRepos {
  accounts: InMemoryAccountRepository;
  agents: InMemoryAgentRepository;
  sessions: InMemorySessionRepository;
  emailTokens: InMemoryEmailTokenRepository;
  recoveryCodes: InMemoryRecoveryCodeRepository;
  auditLog: InMemoryAuditLog;
}

export function createInMemoryAccountRepos(): InMemoryAccountRepos {
  const accounts = new InMemoryAccountRepository();
  const agents = new InMemoryAgentRepository();
  return {
    accounts,
    agents,
    sessions: new InMemorySessionRepository({ accounts, agents }),
    emailTokens: new InMemoryEmailTokenRepository(),
    recoveryCodes: new InMemoryRecoveryCodeRepository(),
    auditLog: new InMemoryAuditLog(),
  };
}

/** Snapshots every repository before the work and restores them all if it throws. */
export class InMemoryAccountsUnitOfWork implements UnitOfWork<AccountRepos> {
  constructor(private readonly repos: InMemoryAccountRepos) {}
  async run<T>(work: (repos: AccountRepos) => Promise<T>): Promise<T> {
    const all = Object.values(this.repos) as Snapshotting[];
    const snapshots = all.map((r) => r.snapshot());
    try {
      return await work(this.repos);
    } catch (error) {
      all.forEach((r, i) => r.restore(snapshots[i]));
      throw error;
    }
  }
}
