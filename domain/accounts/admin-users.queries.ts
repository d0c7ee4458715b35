// The admin area's read paths over accounts and the audit log: one page of users, one page of
// the audit log, a user's trail. Pages count from 1; a page past the end reads as the last one.
import { displayName, type Account, type Role } from "./account.entity";
import type { AccountRepository } from "./account-repository.port";
import { cappedTotal, countLimitFor, type CountedTotal } from "../shared/paging";
import { auditTarget, type AuditEntry, type AuditFilter, type AuditLog } from "./audit-log.port";
import { searchText } from "../shared/text";

export const USERS_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 25;
/** The longest search text kept (a longer one is cut). */
export const USER_SEARCH_MAX = 100;

/** The search text as searched and shown back: control characters dropped (a NUL would make PostgreSQL throw), single-spaced, cut. */
export const userSearchText = (raw: string | null | undefined): string => searchText(raw, USER_SEARCH_MAX) ?? "";

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

const pageCountOf = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/**
 * A page of users, newest first. The total is counted only LIST_COUNT_AHEAD past the page's first
 * row: past that, `totalIsCapped` and the screen says "more than `total`" (decision 0148).
 */
export async function searchUsers(
  accounts: Pick<AccountRepository, "search">,
  input: { text?: string | null; role?: Role | null; page: number },
): Promise<Page<Account> & CountedTotal> {
  const text = userSearchText(input.text);
  const role = input.role ?? undefined;
  const read = (page: number) => {
    const offset = (page - 1) * USERS_PAGE_SIZE;
    return accounts.search({ text, role, offset, limit: USERS_PAGE_SIZE, countLimit: countLimitFor(offset) });
  };
  const wanted = Math.max(1, Math.floor(input.page));
  let found = await read(wanted);
  const pageCount = pageCountOf(found.total, USERS_PAGE_SIZE);
  const page = Math.min(wanted, pageCount);
  if (page !== wanted) found = await read(page);
  const counted = cappedTotal(found.total, (page - 1) * USERS_PAGE_SIZE);
  return { items: found.accounts, page, pageCount: pageCountOf(counted.total, USERS_PAGE_SIZE), ...counted };
}

export async function readAuditLog(
  auditLog: Pick<AuditLog, "list" | "count">,
  filter: AuditFilter,
  requestedPage: number,
): Promise<Page<AuditEntry>> {
  const total = await auditLog.count(filter);
  const pageCount = pageCountOf(total, AUDIT_PAGE_SIZE);
  const page = Math.min(Math.max(1, Math.floor(requestedPage)), pageCount);
  const items = await auditLog.list({ ...filter, offset: (page - 1) * AUDIT_PAGE_SIZE, limit: AUDIT_PAGE_SIZE });
  return { items, page, pageCount, total };
}

/** A choice of the audit log's "Who" filter: an account that wrote an entry. */
export interface AuditActorOption {
  id: string;
  /** "Name (e-mail)", or the bare id of an account that no longer exists. */
  name: string;
  admin: boolean;
}

/**
 * The audit log's filter choices: every action written, and every account that wrote one, admins
 * first then by name; the accounts read in one batch, however many there are.
 */
export async function auditFilterChoices(
  auditLog: Pick<AuditLog, "facets">,
  accounts: Pick<AccountRepository, "findByIds">,
): Promise<{ actions: string[]; actors: AuditActorOption[] }> {
  const facets = await auditLog.facets();
  const found = new Map((await accounts.findByIds(facets.actorIds)).map((a) => [a.id, a]));
  const actors = facets.actorIds.map((id) => {
    const account = found.get(id);
    return { id, name: account ? `${displayName(account)} (${account.email})` : id, admin: account?.role === "admin" };
  });
  actors.sort((a, b) => Number(b.admin) - Number(a.admin) || a.name.localeCompare(b.name));
  return { actions: facets.actions, actors };
}

/**
 * The kinds of audit target that are a user's own record (an account, its agent or host
 * verification), all keyed by the user's id.
 */
export const USER_TARGET_KINDS = ["user", "agent", "host"] as const;

/** What admins did to this user's account and verifications, newest first. */
export function userAuditTrail(auditLog: Pick<AuditLog, "list">, userId: string, limit: number): Promise<AuditEntry[]> {
  return auditLog.list({ target: USER_TARGET_KINDS.map((kind) => auditTarget(kind, userId)), limit });
}

/** Audit dates are calendar days in Buea (UTC+1 all year): a day starts at 23:00 UTC the day before. */
const DOUALA_OFFSET_MS = 60 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/**
 * The audit page's filter from its query: an actor id, an action (exact, or a prefix when it ends
 * with a dot, e.g. `admin.`), a first and a last day (both included). Anything malformed is ignored.
 */
export function auditFilterFrom(query: {
  actor?: string | null;
  action?: string | null;
  from?: string | null;
  to?: string | null;
}): AuditFilter {
  const filter: AuditFilter = {};
  const actor = (query.actor ?? "").trim();
  if (/^[\w-]{1,100}$/.test(actor)) filter.actorId = actor;
  const action = (query.action ?? "").trim();
  if (/^[a-z][a-z0-9_.]{0,79}$/.test(action)) {
    if (action.endsWith(".")) filter.actionPrefix = action;
    else filter.action = action;
  }
  const from = (query.from ?? "").trim();
  if (isDay(from)) filter.from = new Date(Date.parse(`${from}T00:00:00Z`) - DOUALA_OFFSET_MS);
  const to = (query.to ?? "").trim();
  if (isDay(to)) filter.to = new Date(Date.parse(`${to}T00:00:00Z`) - DOUALA_OFFSET_MS + DAY);
  return filter;
}
