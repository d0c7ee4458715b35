import { err, ok, type Result } from "../shared/result";
import { auditTarget } from "../accounts/audit-log.port";
import { confirmIdentity, type IdentityInput } from "./confirm-identity";
import { dataRightsError, type DataRightsError } from "./data-rights.errors";
import type { DataRightsDeps } from "./data-rights.deps";
import { closureBlockers, type ClosureBlocker } from "./account-closure";

export const ACCOUNT_CLOSED_AUDIT_ACTION = "data_rights.account_closed";

/** Buea's calendar day (Africa/Douala is UTC+1 all year). */
export const bueaDay = (at: Date): string => new Date(at.getTime() + 60 * 60_000).toISOString().slice(0, 10);

export type CloseAccountError = DataRightsError | { code: "data-rights.cannot_close_yet"; blockers: ClosureBlocker[] };

/** What would stop the account closing now (the page lists it before asking for the password). */
export async function closureCheck(deps: DataRightsDeps, userId: string): Promise<ClosureBlocker[]> {
  const now = deps.clock.now();
  const facts = await deps.closure.facts(userId, now, bueaDay(now));
  return facts ? closureBlockers(facts) : [];
}

/**
 * The person closes their own account (the right to erasure): identity again, an explicit
 * confirmation, nothing left to settle; then the account is anonymised in one transaction and
 * every session ends. The audit row names the (now anonymous) account, not the person.
 */
export async function closeMyAccount(
  deps: DataRightsDeps,
  input: IdentityInput & { confirmed: boolean },
): Promise<Result<void, CloseAccountError>> {
  if (!input.confirmed) return err(dataRightsError("data-rights.confirmation_required"));
  const before = await closureCheck(deps, input.userId);
  if (before.length > 0) return err({ code: "data-rights.cannot_close_yet", blockers: before });
  const identity = await confirmIdentity(deps, input);
  if (!identity.ok) return identity;
  const now = deps.clock.now();
  const blockers = await deps.closure.close(input.userId, now, bueaDay(now), {
    id: deps.ids.id(),
    actorId: input.userId,
    action: ACCOUNT_CLOSED_AUDIT_ACTION,
    data: { target: auditTarget("user", input.userId) },
    at: now,
  });
  if (blockers.length > 0) return err({ code: "data-rights.cannot_close_yet", blockers });
  return ok(undefined);
}
