// Audit entries as the admin pages show them: who (by name), what, on what (a link when it is a
// user's record), and the before/after JSON of the row unfolded into fields.
import type { AccountRepository } from "#domain/accounts/account-repository.port";
import type { AuditEntry } from "#domain/accounts/audit-log.port";
import { USER_TARGET_KINDS } from "#domain/accounts/admin-users.queries";

export interface AuditView {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  target: string | null;
  targetName: string | null;
  targetHref: string | null;
  /** Every field named in before or after, with both values as text ("" when absent). */
  changes: { field: string; before: string; after: string }[];
  reason: string | null;
  /** Approved with no document on file (the reason is the override's, decision 0209). */
  overridden: boolean;
  /** The row's other data (older rows, other modules), as field and text. */
  other: { field: string; value: string }[];
}

function fieldsOf(json: unknown): Record<string, unknown> {
  if (typeof json !== "string") return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return { value: json };
  }
}

/** The admin page of a help-content target (decision 0128); none for a deleted FAQ entry. */
function helpContentHref(action: string, target: unknown): string | null {
  if (typeof target !== "string") return null;
  const [kind, id] = [target.slice(0, target.indexOf(":")), target.slice(target.indexOf(":") + 1)];
  if (kind === "legal" && id) return `/admin/content/legal/${encodeURIComponent(id)}`;
  if (kind === "faq" && id && action !== "admin.faq.delete") return `/admin/content/faq/${encodeURIComponent(id)}`;
  return null;
}

const text = (value: unknown): string =>
  value === undefined ? "" : value === null ? "—" : typeof value === "string" ? value : JSON.stringify(value);

export async function toAuditViews(entries: AuditEntry[], accounts: Pick<AccountRepository, "displayNamesByIds">): Promise<AuditView[]> {
  const ids = new Set<string>();
  const targetUser = (target: unknown): string | null => {
    if (typeof target !== "string") return null;
    const colon = target.indexOf(":");
    const kind = target.slice(0, colon);
    return colon > 0 && (USER_TARGET_KINDS as readonly string[]).includes(kind) ? target.slice(colon + 1) : null;
  };
  for (const e of entries) {
    if (e.actorId) ids.add(e.actorId);
    const user = targetUser(e.data.target);
    if (user) ids.add(user);
  }
  const names = await accounts.displayNamesByIds([...ids]);
  return entries.map((e) => {
    const { target, before, after, reason, override, ...rest } = e.data;
    const b = fieldsOf(before);
    const a = fieldsOf(after);
    const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    const user = targetUser(target);
    return {
      id: e.id,
      at: e.at.toISOString(),
      actorId: e.actorId,
      actorName: e.actorId ? (names.get(e.actorId) ?? null) : null,
      action: e.action,
      target: typeof target === "string" ? target : null,
      targetName: user ? (names.get(user) ?? null) : null,
      targetHref: user ? `/admin/users/${encodeURIComponent(user)}` : helpContentHref(e.action, target),
      changes: fields.map((field) => ({ field, before: text(b[field]), after: text(a[field]) })),
      reason: typeof reason === "string" ? reason : null,
      overridden: override === "no_documents",
      other: Object.entries(rest).map(([field, value]) => ({ field, value: text(value) })),
    };
  });
}
