// The admin's property moderation: verify or unverify, hide or show again (which restores a
// listing that reports hid, closing its open reports). Each change and its audit row (who, what,
// when, before and after) land in one unit of work or not at all; the property is locked first, so
// two admins deciding at once run one after the other and the second sees the first's result.
// Each decision shows on the public listings: the public pages are told once it is stored.
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { err, ok, type Result } from "../shared/result";
import { cappedTotal, countLimitFor, type CountedTotal } from "../shared/paging";
import type { UnitOfWork } from "../shared/transaction";
import { publicChange, type PublicPages } from "../shared/public-pages.port";
import type { AuditAction } from "../accounts/audit-actions";
import { auditData, type AuditLog } from "../accounts/audit-log.port";
import { moderationError, type ModerationError } from "./property-moderation.errors";
import type {
  ModeratedProperty,
  ModerationFilter,
  ModerationRepos,
  ModerationRow,
  PropertyModerationRepository,
} from "./property-moderation.port";

export interface ModerationDeps {
  uow: UnitOfWork<ModerationRepos>;
  clock: Clock;
  ids: IdGenerator;
  publicPages: PublicPages;
}

export const MODERATION_PAGE_SIZE = 20;
export const MODERATION_REASON_MAX = 500;

export const MODERATION_ACTIONS = {
  verified: "admin.property_verified",
  unverified: "admin.property_unverified",
  hidden: "admin.property_hidden",
  unhidden: "admin.property_unhidden",
  restored: "admin.listing_restored",
} as const;

const snapshot = (p: ModeratedProperty) => ({ isVerified: p.isVerified, hiddenAt: p.hiddenAt?.toISOString() ?? null });

async function record(
  audit: AuditLog,
  deps: ModerationDeps,
  adminId: string,
  action: AuditAction,
  before: ModeratedProperty,
  after: ModeratedProperty,
  at: Date,
  reason?: string,
) {
  await audit.record({
    id: deps.ids.id(),
    actorId: adminId,
    action,
    data: auditData(`property:${before.id}`, snapshot(before), snapshot(after), reason),
    at,
  });
}

function checkReason(raw: string | undefined): Result<string, ModerationError> {
  const reason = (raw ?? "").trim();
  if (reason.length > MODERATION_REASON_MAX) return err(moderationError("moderation.reason_too_long", { max: MODERATION_REASON_MAX }));
  return ok(reason);
}

/**
 * Marks a property verified (an admin checked it) or not. The agent's material edits clear it again
 * (domain/property-management): only this admin decision sets it.
 */
export async function setPropertyVerified(
  deps: ModerationDeps,
  input: { adminId: string; propertyId: string; verified: boolean },
): Promise<Result<ModeratedProperty, ModerationError>> {
  const now = deps.clock.now();
  return publicChange(
    deps.publicPages,
    deps.uow.run(async ({ properties, audit }) => {
      const before = await properties.lock(input.propertyId);
      if (!before) return err(moderationError("moderation.property_not_found"));
      if (before.isVerified === input.verified) return err(moderationError("moderation.no_change"));
      await properties.setVerified(before.id, input.verified, now);
      const after = { ...before, isVerified: input.verified };
      await record(
        audit,
        deps,
        input.adminId,
        input.verified ? MODERATION_ACTIONS.verified : MODERATION_ACTIONS.unverified,
        before,
        after,
        now,
      );
      return ok(after);
    }),
  );
}

/** Hides a listing from the public site (search, detail, booking), with an optional reason. */
export async function hideProperty(
  deps: ModerationDeps,
  input: { adminId: string; propertyId: string; reason?: string },
): Promise<Result<ModeratedProperty, ModerationError>> {
  const reason = checkReason(input.reason);
  if (!reason.ok) return reason;
  const now = deps.clock.now();
  return publicChange(
    deps.publicPages,
    deps.uow.run(async ({ properties, audit }) => {
      const before = await properties.lock(input.propertyId);
      if (!before) return err(moderationError("moderation.property_not_found"));
      if (before.hiddenAt) return err(moderationError("moderation.no_change"));
      await properties.setHidden(before.id, now, now);
      const after = { ...before, hiddenAt: now };
      await record(audit, deps, input.adminId, MODERATION_ACTIONS.hidden, before, after, now, reason.value || undefined);
      return ok(after);
    }),
  );
}

/**
 * Shows a hidden listing again. When reports hid it, the admin's decision answers them: its open
 * reports are closed as dismissed and the audit says `admin.listing_restored` (with how many were
 * closed); otherwise it is `admin.property_unhidden`. A listing withdrawn by an upheld report stays
 * unavailable: its agent reopens it in the portal.
 */
export async function restoreProperty(
  deps: ModerationDeps,
  input: { adminId: string; propertyId: string; reason?: string },
): Promise<Result<{ property: ModeratedProperty; reportsClosed: number }, ModerationError>> {
  const reason = checkReason(input.reason);
  if (!reason.ok) return reason;
  const now = deps.clock.now();
  return publicChange(
    deps.publicPages,
    deps.uow.run(async ({ properties, reports, audit }) => {
      const before = await properties.lock(input.propertyId);
      if (!before) return err(moderationError("moderation.property_not_found"));
      if (!before.hiddenAt) return err(moderationError("moderation.no_change"));
      const open = await reports.closeOpen(before.id, "dismissed", now);
      await properties.setHidden(before.id, null, now);
      const after = { ...before, hiddenAt: null };
      await audit.record({
        id: deps.ids.id(),
        actorId: input.adminId,
        action: open > 0 ? MODERATION_ACTIONS.restored : MODERATION_ACTIONS.unhidden,
        data: { ...auditData(`property:${before.id}`, snapshot(before), snapshot(after), reason.value || undefined), reportsClosed: open },
        at: now,
      });
      return ok({ property: after, reportsClosed: open });
    }),
  );
}

export interface ModerationPage extends CountedTotal {
  items: ModerationRow[];
  page: number;
  pageCount: number;
}

/** The admin list: a page of MODERATION_PAGE_SIZE; a page past the end shows the last one. */
export async function listPropertiesForModeration(
  deps: { properties: PropertyModerationRepository },
  input: { filter: ModerationFilter; page: number },
): Promise<ModerationPage> {
  const wanted = Number.isSafeInteger(input.page) && input.page >= 1 ? input.page : 1;
  const offsetOf = (page: number) => (page - 1) * MODERATION_PAGE_SIZE;
  const read = (page: number) =>
    deps.properties.list({
      filter: input.filter,
      limit: MODERATION_PAGE_SIZE,
      offset: offsetOf(page),
      countLimit: countLimitFor(offsetOf(page)),
    });
  let result = await read(wanted);
  let page = wanted;
  const last = Math.ceil(result.total / MODERATION_PAGE_SIZE);
  if (result.items.length === 0 && last > 0 && wanted > last) {
    page = last;
    result = await read(page);
  }
  // Counted only LIST_COUNT_AHEAD past the page: beyond, the screen says "more than" (decision 0148).
  const counted = cappedTotal(result.total, offsetOf(page));
  return { items: result.items, ...counted, page, pageCount: Math.ceil(counted.total / MODERATION_PAGE_SIZE) };
}

/** One property's moderation state (the hide confirmation page), or not found. */
export async function getPropertyForModeration(
  deps: { properties: PropertyModerationRepository },
  propertyId: string,
): Promise<Result<ModeratedProperty, ModerationError>> {
  const property = await deps.properties.find(propertyId);
  return property ? ok(property) : err(moderationError("moderation.property_not_found"));
}
