import type { InMemoryAuditLog } from "../accounts/in-memory-account-repositories";
import type { InMemoryReportRepository } from "../reports/in-memory-report-repository";
import type { UnitOfWork } from "../shared/transaction";
import type {
  ModeratedProperty,
  ModerationListQuery,
  ModerationRepos,
  ModerationRow,
  PropertyModerationRepository,
} from "./property-moderation.port";

/**
 * Moderation over the listings of an in-memory report repository (they share hidden_at, as the
 * tables do), with the list's extra columns kept here.
 */
export class InMemoryPropertyModeration implements PropertyModerationRepository {
  private extra = new Map<string, { agentName: string; neighbourhood: string; monthlyRent: number; status: string; createdAt: Date }>();

  constructor(readonly reports: InMemoryReportRepository) {}

  put(p: {
    id: string;
    agentId: string;
    title?: string;
    isVerified?: boolean;
    hiddenAt?: Date | null;
    createdAt?: Date;
    agentName?: string;
    monthlyRent?: number;
  }): void {
    this.reports.putListing({ id: p.id, agentId: p.agentId, title: p.title, hiddenAt: p.hiddenAt, isVerified: p.isVerified });
    this.extra.set(p.id, {
      agentName: p.agentName ?? p.agentId,
      neighbourhood: "Molyko",
      monthlyRent: p.monthlyRent ?? 25000,
      status: "available",
      createdAt: p.createdAt ?? new Date("2026-11-01T00:00:00Z"),
    });
  }

  async find(propertyId: string): Promise<ModeratedProperty | null> {
    return this.lock(propertyId);
  }

  async lock(propertyId: string): Promise<ModeratedProperty | null> {
    const l = this.reports.state.listings.get(propertyId);
    return l ? { id: l.id, agentId: l.agentId, title: l.title, isVerified: l.isVerified, hiddenAt: l.hiddenAt } : null;
  }

  async setVerified(propertyId: string, verified: boolean): Promise<void> {
    const l = this.reports.state.listings.get(propertyId);
    if (l) l.isVerified = verified;
  }

  async setHidden(propertyId: string, hiddenAt: Date | null): Promise<void> {
    const l = this.reports.state.listings.get(propertyId);
    if (l) l.hiddenAt = hiddenAt;
  }

  async list(query: ModerationListQuery): Promise<{ items: ModerationRow[]; total: number }> {
    const openReports = (id: string) => this.reports.state.reports.filter((r) => r.propertyId === id && r.status === "open").length;
    const rows: ModerationRow[] = [...this.reports.state.listings.values()].map((l) => {
      const x = this.extra.get(l.id);
      return {
        id: l.id,
        agentId: l.agentId,
        title: l.title,
        isVerified: l.isVerified,
        hiddenAt: l.hiddenAt,
        agentName: x?.agentName ?? l.agentId,
        neighbourhood: x?.neighbourhood ?? "",
        monthlyRent: x?.monthlyRent ?? 0,
        status: x?.status ?? "available",
        openReports: openReports(l.id),
        createdAt: x?.createdAt ?? new Date(0),
      };
    });
    const kept = rows.filter((r) => {
      switch (query.filter) {
        case "all":
          return true;
        case "unverified":
          return !r.isVerified;
        case "verified":
          return r.isVerified;
        case "hidden":
          return r.hiddenAt !== null;
        case "reported":
          return r.openReports > 0;
      }
    });
    kept.sort(
      (a, b) =>
        Number(a.isVerified) - Number(b.isVerified) ||
        b.createdAt.getTime() - a.createdAt.getTime() ||
        (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    );
    return { items: kept.slice(query.offset, query.offset + query.limit), total: Math.min(kept.length, query.countLimit) };
  }
}

/** All or nothing: a thrown error restores the listings, reports and audit rows from before. */
export class InMemoryModerationUnitOfWork implements UnitOfWork<ModerationRepos> {
  constructor(
    readonly properties: InMemoryPropertyModeration,
    readonly audit: InMemoryAuditLog,
  ) {}
  async run<T>(work: (repos: ModerationRepos) => Promise<T>): Promise<T> {
    const reports = this.properties.reports;
    const before = { reports: structuredClone(reports.state), audit: this.audit.snapshot() };
    try {
      return await work({ properties: this.properties, reports, audit: this.audit });
    } catch (e) {
      reports.state = before.reports;
      this.audit.restore(before.audit);
      throw e;
    }
  }
}
