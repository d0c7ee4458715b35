// What the admin's data-rights page lists (decision 0228): the closings and downloads of the last
// 90 days and the last retention runs, all read from the audit log. Never what a file held: a
// row says who, when, by whom when an admin served it, and a retention run's counts.
import { DAY_MS } from "../shared/clock";
import type { AuditEntry, AuditLog } from "../accounts/audit-log.port";
import type { AccountRepository } from "../accounts/account-repository.port";
import { ACCOUNT_CLOSED_AUDIT_ACTION } from "./close-my-account.use-case";
import { DATA_EXPORT_AUDIT_ACTION } from "./download-my-data.use-case";
import { RETENTION_RUN_AUDIT_ACTION } from "./enforce-retention.use-case";
import type { RetentionCounts } from "./retention-policy";

export const DATA_RIGHTS_ACTIVITY_DAYS = 90;
/** Rows per list: enough for a small team's 90 days; the audit log holds the rest. */
export const DATA_RIGHTS_ACTIVITY_LIMIT = 200;
export const RETENTION_RUNS_SHOWN = 10;

export interface DataRightsRequest {
  id: string;
  at: Date;
  /** The person whose data it was. */
  userId: string | null;
  /** The admin who served it (a request by e-mail); null when the person did it themselves. */
  servedBy: string | null;
  reason: string | null;
}

export interface RetentionRun {
  id: string;
  at: Date;
  counts: RetentionCounts;
}

const userOf = (e: AuditEntry): string | null =>
  typeof e.data.target === "string" && e.data.target.startsWith("user:") ? e.data.target.slice("user:".length) : null;

const toRequest = (e: AuditEntry): DataRightsRequest => {
  const userId = userOf(e);
  return {
    id: e.id,
    at: e.at,
    userId,
    servedBy: e.actorId !== null && e.actorId !== userId ? e.actorId : null,
    reason: typeof e.data.reason === "string" ? e.data.reason : null,
  };
};

const count = (v: unknown): number => (typeof v === "number" ? v : 0);

export interface DataRightsActivity {
  closures: DataRightsRequest[];
  downloads: DataRightsRequest[];
  runs: RetentionRun[];
  /** The names of the people and admins in the lists, by id (a closed account's is its stored one). */
  names: Record<string, string>;
}

export async function dataRightsActivity(
  deps: { auditLog: AuditLog; accounts: Pick<AccountRepository, "displayNamesByIds"> },
  now: Date,
): Promise<DataRightsActivity> {
  const from = new Date(now.getTime() - DATA_RIGHTS_ACTIVITY_DAYS * DAY_MS);
  const [closures, downloads, runs] = await Promise.all([
    deps.auditLog.list({ action: ACCOUNT_CLOSED_AUDIT_ACTION, from, limit: DATA_RIGHTS_ACTIVITY_LIMIT }),
    deps.auditLog.list({ action: DATA_EXPORT_AUDIT_ACTION, from, limit: DATA_RIGHTS_ACTIVITY_LIMIT }),
    deps.auditLog.list({ action: RETENTION_RUN_AUDIT_ACTION, limit: RETENTION_RUNS_SHOWN }),
  ]);
  const requests = { closures: closures.map(toRequest), downloads: downloads.map(toRequest) };
  const ids = new Set<string>();
  for (const r of [...requests.closures, ...requests.downloads]) {
    if (r.userId) ids.add(r.userId);
    if (r.servedBy) ids.add(r.servedBy);
  }
  const names = Object.fromEntries(await deps.accounts.displayNamesByIds([...ids]));
  return {
    ...requests,
    names,
    runs: runs.map((e) => ({
      id: e.id,
      at: e.at,
      counts: {
        contactMessages: count(e.data.contactMessages),
        agentDocuments: count(e.data.agentDocuments),
        hostDocuments: count(e.data.hostDocuments),
        files: count(e.data.files),
        outboxEmails: count(e.data.outboxEmails),
        bookingNotices: count(e.data.bookingNotices),
        bookingDrafts: count(e.data.bookingDrafts),
      },
    })),
  };
}
