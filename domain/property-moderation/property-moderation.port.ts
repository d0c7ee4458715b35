// What the admin's property moderation needs from storage: the property's moderation state, its
// two switches (verified, hidden), and the admin list (unverified first).
import type { AuditLog } from "../accounts/audit-log.port";
import type { ReportRepository } from "../reports/report-repository.port";

export interface ModeratedProperty {
  id: string;
  agentId: string;
  title: string;
  isVerified: boolean;
  hiddenAt: Date | null;
}

export const MODERATION_FILTERS = ["all", "unverified", "verified", "hidden", "reported"] as const;
export type ModerationFilter = (typeof MODERATION_FILTERS)[number];
export const isModerationFilter = (v: unknown): v is ModerationFilter =>
  typeof v === "string" && (MODERATION_FILTERS as readonly string[]).includes(v);

export interface ModerationListQuery {
  filter: ModerationFilter;
  limit: number;
  offset: number;
  /** Count the matches only up to this many (domain/shared/paging.ts countLimitFor). */
  countLimit: number;
}

/** One row of the admin's property list. */
export interface ModerationRow extends ModeratedProperty {
  agentName: string;
  neighbourhood: string;
  monthlyRent: number;
  status: string;
  /** Open listing reports on the property. */
  openReports: number;
  createdAt: Date;
}

export interface PropertyModerationRepository {
  /** Reads the property without holding it; null when it does not exist. */
  find(propertyId: string): Promise<ModeratedProperty | null>;
  /** Reads the property and holds it until the unit of work ends; null when it does not exist. */
  lock(propertyId: string): Promise<ModeratedProperty | null>;
  setVerified(propertyId: string, verified: boolean, at: Date): Promise<void>;
  /** `hiddenAt` null shows the listing again. */
  setHidden(propertyId: string, hiddenAt: Date | null, at: Date): Promise<void>;
  /** Unverified first, then newest first (created_at, then id); `total` counts the matches up to `countLimit`. */
  list(query: ModerationListQuery): Promise<{ items: ModerationRow[]; total: number }>;
}

/** One moderation transaction: the property, its reports, and the audit row. */
export interface ModerationRepos {
  properties: PropertyModerationRepository;
  reports: ReportRepository;
  audit: AuditLog;
}
