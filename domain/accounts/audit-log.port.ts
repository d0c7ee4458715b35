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
