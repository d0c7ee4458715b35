import type { AuditAction } from "./audit-actions";

export interface AuditEntry {
  id: string;
  actorId: string | null;
  /**
   * e.g. `auth.role_granted_admin`; an admin's action is `admin.<what>` (`admin.user_suspended`)
   * with data `{ target: "<kind>:<id>", before: JSON text | null, after: JSON text | null, reason? }`.
   */
  action: string;
  data: Record<string, string | number | boolean | null>;
  at: Date;
}

/** Which entries to read; every filter is optional and they all apply together. */
export interface AuditFilter {
  /** Exactly this action. */
  action?: string;
  /** Actions starting with this text, e.g. `admin.` or `admin.user_`. */
  actionPrefix?: string;
  actorId?: string;
  /** `data.target` equal to this value, or to one of these. */
  target?: string | readonly string[];
  /** At or after. */
  from?: Date;
  /** Strictly before. */
  to?: Date;
}

export interface AuditQuery extends AuditFilter {
  limit: number;
  offset?: number;
}

export interface AuditLog {
  /** Only the actions listed in audit-actions.ts are written (each has a description for admins). */
  record(entry: AuditEntry & { action: AuditAction }): Promise<void>;
  /** Newest first. */
  list(query: AuditQuery): Promise<AuditEntry[]>;
  count(filter: AuditFilter): Promise<number>;
  /** The distinct actions and actor ids in the log, sorted: what the audit page's filters offer. */
  facets(): Promise<{ actions: string[]; actorIds: string[] }>;
}

/** The `target` of an admin action's audit row, e.g. `auditTarget("user", id)` → `user:<id>`. */
export const auditTarget = (kind: string, id: string): string => `${kind}:${id}`;

/** An admin action's audit data: what changed, before and after, as JSON text. */
export function adminAuditData(input: {
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason?: string | null;
}): AuditEntry["data"] {
  return {
    target: input.target,
    before: input.before === null ? null : JSON.stringify(input.before),
    after: input.after === null ? null : JSON.stringify(input.after),
    ...(input.reason ? { reason: input.reason } : {}),
  };
}

/** Whether an entry passes the filter: the in-memory adapter's rule, the same as the SQL one. */
export function matchesAuditFilter(entry: AuditEntry, f: AuditFilter): boolean {
  if (f.action && entry.action !== f.action) return false;
  if (f.actionPrefix && !entry.action.startsWith(f.actionPrefix)) return false;
  if (f.actorId && entry.actorId !== f.actorId) return false;
  if (f.target !== undefined) {
    const targets = typeof f.target === "string" ? [f.target] : f.target;
    if (typeof entry.data.target !== "string" || !targets.includes(entry.data.target)) return false;
  }
  if (f.from && entry.at < f.from) return false;
  if (f.to && entry.at >= f.to) return false;
  return true;
}

/**
 * The admin area's audit convention (decision 0121): `data` names the target ("<kind>:<id>") and
 * holds the state before and after as JSON text (null when there is none), and the reason if given.
 */
export function auditData(target: string, before: unknown, after: unknown, reason?: string): Record<string, string | null> {
  const data: Record<string, string | null> = {
    target,
    before: before === null ? null : JSON.stringify(before),
    after: after === null ? null : JSON.stringify(after),
  };
  if (reason) data.reason = reason;
  return data;
}
