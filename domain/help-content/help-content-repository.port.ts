// What the help content needs from storage: the FAQ entries (listed in page order, one locked for a
// change) and the legal pages. Each admin change and its audit row run in one unit of work.
import type { AuditLog } from "../accounts/audit-log.port";
import type { FaqEntry, FaqGroup, LegalPage, LegalSlug } from "./help-content.entity";

export interface HelpContentRepository {
  /** Every entry, by group (FAQ_GROUPS order), then position, then id. */
  listFaq(): Promise<FaqEntry[]>;
  findFaq(id: string): Promise<FaqEntry | null>;
  /** Reads the entry and holds it until the unit of work ends; null when it does not exist. */
  lockFaq(id: string): Promise<FaqEntry | null>;
  /**
   * Holds every entry of the group until the unit of work ends: two moves in one group (which each
   * write two rows) run one after the other instead of deadlocking.
   */
  lockFaqGroup(group: FaqGroup): Promise<void>;
  /** The largest position in the group, or 0 when it is empty. */
  lastFaqPosition(group: FaqGroup): Promise<number>;
  /** The entry just before (up) or after (down) this one in its group, or null. */
  faqNeighbour(entry: FaqEntry, direction: "up" | "down"): Promise<FaqEntry | null>;
  insertFaq(entry: FaqEntry): Promise<void>;
  /** Writes every field of the entry (found by id). */
  updateFaq(entry: FaqEntry): Promise<void>;
  deleteFaq(id: string): Promise<void>;
  /** The legal pages, in LEGAL_SLUGS order (only those stored). */
  listLegal(): Promise<LegalPage[]>;
  findLegal(slug: LegalSlug): Promise<LegalPage | null>;
  lockLegal(slug: LegalSlug): Promise<LegalPage | null>;
  /** Inserts or replaces the page. */
  saveLegal(page: LegalPage): Promise<void>;
}

export interface HelpContentRepos {
  content: HelpContentRepository;
  audit: AuditLog;
}
