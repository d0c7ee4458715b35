import type { UnitOfWork } from "../shared/transaction";
import type { ListingReport, ReportDecision, ReportStatus, ReportedListing } from "./listing-report.entity";
import type { FiledReport, OpenReportView, ReportRepos, ReportRepository } from "./report-repository.port";

interface ListingState extends ReportedListing {
  title: string;
  isAvailable: boolean;
  /** Kept for the admin's moderation (domain/property-moderation), which shares these listings. */
  isVerified: boolean;
}

interface State {
  listings: Map<string, ListingState>;
  reports: ListingReport[];
  users: Map<string, { name: string; emailConfirmed: boolean; createdAt: Date }>;
  decisions: { adminId: string; reportId: string; decision: ReportDecision; at: Date }[];
}

export class InMemoryReportRepository implements ReportRepository {
  state: State = { listings: new Map(), reports: [], users: new Map(), decisions: [] };

  putListing(l: {
    id: string;
    agentId: string;
    title?: string;
    hiddenAt?: Date | null;
    isAvailable?: boolean;
    isVerified?: boolean;
  }): void {
    this.state.listings.set(l.id, {
      id: l.id,
      agentId: l.agentId,
      title: l.title ?? l.id,
      hiddenAt: l.hiddenAt ?? null,
      isAvailable: l.isAvailable ?? true,
      isVerified: l.isVerified ?? false,
    });
  }

  /** Unspecified: a confirmed e-mail and an account from long ago (a trusted reporter). */
  putUser(id: string, name = id, over: { emailConfirmed?: boolean; createdAt?: Date } = {}): void {
    this.state.users.set(id, {
      name,
      emailConfirmed: over.emailConfirmed ?? true,
      createdAt: over.createdAt ?? new Date("2026-01-01T00:00:00Z"),
    });
  }

  /** For tests: the listing as moderation left it. */
  listing(id: string): ListingState | undefined {
    const l = this.state.listings.get(id);
    return l && { ...l };
  }

  async lockListing(propertyId: string): Promise<ReportedListing | null> {
    const l = this.state.listings.get(propertyId);
    return l ? { id: l.id, agentId: l.agentId, hiddenAt: l.hiddenAt } : null;
  }

  async add(report: ListingReport): Promise<boolean> {
    const duplicate = this.state.reports.some(
      (r) => r.propertyId === report.propertyId && r.reporterId === report.reporterId && r.status === "open",
    );
    if (duplicate) return false;
    this.state.reports.push({ ...report });
    return true;
  }

  async lockReporter(): Promise<void> {
    // The in-memory unit of work is used one piece of work at a time in tests.
  }

  async countReportsSince(reporterId: string, since: Date): Promise<number> {
    return this.state.reports.filter((r) => r.reporterId === reporterId && r.createdAt.getTime() >= since.getTime()).length;
  }

  async countTrustedOpenReporters(propertyId: string, accountsCreatedBy: Date): Promise<number> {
    const trusted = (userId: string) => {
      const u = this.state.users.get(userId);
      return u !== undefined && u.emailConfirmed && u.createdAt.getTime() <= accountsCreatedBy.getTime();
    };
    const reporters = new Set(
      this.state.reports
        .filter((r) => r.propertyId === propertyId && r.status === "open" && trusted(r.reporterId))
        .map((r) => r.reporterId),
    );
    return reporters.size;
  }

  async findById(reportId: string): Promise<ListingReport | null> {
    const r = this.state.reports.find((x) => x.id === reportId);
    return r ? { ...r } : null;
  }

  async countOpenReporters(propertyId: string): Promise<number> {
    const reporters = new Set(
      this.state.reports.filter((r) => r.propertyId === propertyId && r.status === "open").map((r) => r.reporterId),
    );
    return reporters.size;
  }

  async countUpheld(propertyId: string): Promise<number> {
    return this.state.reports.filter((r) => r.propertyId === propertyId && r.status === "upheld").length;
  }

  async closeOpen(propertyId: string, status: Exclude<ReportStatus, "open">, at: Date, reportId?: string): Promise<number> {
    let closed = 0;
    for (const r of this.state.reports) {
      if (r.propertyId !== propertyId || r.status !== "open") continue;
      if (reportId !== undefined && r.id !== reportId) continue;
      r.status = status;
      r.reviewedAt = at;
      closed += 1;
    }
    return closed;
  }

  async hideListing(propertyId: string, at: Date): Promise<void> {
    const l = this.state.listings.get(propertyId);
    if (l && !l.hiddenAt) l.hiddenAt = at;
  }

  async unhideListing(propertyId: string): Promise<void> {
    const l = this.state.listings.get(propertyId);
    if (l) l.hiddenAt = null;
  }

  async withdrawListing(propertyId: string, at: Date): Promise<void> {
    const l = this.state.listings.get(propertyId);
    if (!l) return;
    l.hiddenAt = l.hiddenAt ?? at;
    l.isAvailable = false;
  }

  async recordDecision(entry: { adminId: string; reportId: string; decision: ReportDecision; at: Date }): Promise<void> {
    this.state.decisions.push({ ...entry });
  }

  async listFiledBy(reporterId: string, limit: number): Promise<FiledReport[]> {
    return this.state.reports
      .filter((r) => r.reporterId === reporterId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .slice(0, limit)
      .map((r) => ({ ...r, propertyTitle: this.state.listings.get(r.propertyId)?.title ?? "" }));
  }

  async listOpen(limit: number): Promise<OpenReportView[]> {
    return this.state.reports
      .filter((r) => r.status === "open")
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .slice(0, limit)
      .map((r) => {
        const l = this.state.listings.get(r.propertyId);
        return {
          id: r.id,
          propertyId: r.propertyId,
          propertyTitle: l?.title ?? "",
          reporterId: r.reporterId,
          reporterName: this.state.users.get(r.reporterId)?.name ?? "",
          reason: r.reason,
          details: r.details,
          createdAt: r.createdAt,
          listingHidden: Boolean(l?.hiddenAt),
        };
      });
  }
}

/** All or nothing, like the database transaction: a thrown error restores the state from before. */
export class InMemoryReportUnitOfWork implements UnitOfWork<ReportRepos> {
  constructor(readonly reports: InMemoryReportRepository) {}
  async run<T>(work: (repos: ReportRepos) => Promise<T>): Promise<T> {
    const before = structuredClone(this.reports.state);
    try {
      return await work({ reports: this.reports });
    } catch (e) {
      this.reports.state = before;
      throw e;
    }
  }
}
