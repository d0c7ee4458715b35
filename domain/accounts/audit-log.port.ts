export interface AuditEntry {
  id: string;
  actorId: string | null;
  /** e.g. `auth.role_granted_admin`, `auth.agent_approved`. */
  action: string;
  data: Record<string, string | number | boolean | null>;
  at: Date;
}

export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  list(query: { action?: string; limit: number }): Promise<AuditEntry[]>;
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
