// A person's request made by e-mail (or by letter, or at the office), served by an admin with the
// same rules as the person's own (decision 0228): the same file, the same closing and refusals.
// In place of the person's password, the admin is signed in as an admin and writes the reason,
// which the audit row keeps with the admin's id.
import { HOUR_MS } from "../shared/clock";
import { err, ok, type Result } from "../shared/result";
import { auditTarget } from "../accounts/audit-log.port";
import { dataRightsError, type DataRightsError } from "./data-rights.errors";
import type { DataRightsDeps } from "./data-rights.deps";
import { closedEmail } from "./account-closure";
import { ACCOUNT_CLOSED_AUDIT_ACTION, bueaDay, closureCheck, type CloseAccountError } from "./close-my-account.use-case";
import { buildDataExport, DATA_EXPORT_AUDIT_ACTION, DATA_EXPORTS_PER_HOUR, type DataExportFile } from "./download-my-data.use-case";

/** The longest reason kept (an e-mail's date and subject, a ticket number). */
export const ADMIN_REQUEST_REASON_MAX = 500;

export interface AdminRequestInput {
  adminId: string;
  userId: string;
  /** Why: whose request, received how and when. Required. */
  reason: string;
}

function checkReason(reason: string): Result<string, DataRightsError> {
  const trimmed = reason.trim();
  if (trimmed === "" || trimmed.length > ADMIN_REQUEST_REASON_MAX) return err(dataRightsError("data-rights.reason_required"));
  return ok(trimmed);
}

/** Whether the account was closed (its e-mail is the closed one: no way left to sign in). */
export async function isClosedAccount(deps: Pick<DataRightsDeps, "repos">, userId: string): Promise<boolean> {
  const account = await deps.repos.accounts.findById(userId);
  return account !== null && account.email === closedEmail(userId);
}

/**
 * The admin downloads a person's file for them: the same file as /profile/data gives, at most
 * DATA_EXPORTS_PER_HOUR an hour for that person, audited with the admin as actor and the reason.
 */
export async function downloadDataForPerson(
  deps: DataRightsDeps,
  input: AdminRequestInput,
): Promise<Result<DataExportFile, DataRightsError>> {
  const reason = checkReason(input.reason);
  if (!reason.ok) return reason;
  const account = await deps.repos.accounts.findById(input.userId);
  if (!account) return err(dataRightsError("data-rights.account_not_found"));
  const now = deps.clock.now();
  const target = auditTarget("user", account.id);
  const recent = await deps.repos.auditLog.count({ action: DATA_EXPORT_AUDIT_ACTION, target, from: new Date(now.getTime() - HOUR_MS) });
  if (recent >= DATA_EXPORTS_PER_HOUR) return err(dataRightsError("data-rights.too_many_downloads", { max: DATA_EXPORTS_PER_HOUR }));
  const built = await buildDataExport(deps, account.id, now);
  if (!built) return err(dataRightsError("data-rights.account_not_found"));
  await deps.repos.auditLog.record({
    id: deps.ids.id(),
    actorId: input.adminId,
    action: DATA_EXPORT_AUDIT_ACTION,
    data: { target, truncated: built.truncated, reason: reason.value },
    at: now,
  });
  return ok(built.file);
}

/**
 * The admin closes a person's account at their request: the explicit confirmation, the reason,
 * the same blockers (re-read inside the transaction), the same anonymisation, and the audit row
 * (the admin as actor, the reason) written in the closing's transaction. An admin closes their
 * own account from /profile/close, with their password.
 */
export async function closeAccountForPerson(
  deps: DataRightsDeps,
  input: AdminRequestInput & { confirmed: boolean },
): Promise<Result<void, CloseAccountError>> {
  if (input.adminId === input.userId) return err(dataRightsError("data-rights.not_for_self"));
  if (!input.confirmed) return err(dataRightsError("data-rights.confirmation_required"));
  const reason = checkReason(input.reason);
  if (!reason.ok) return reason;
  const account = await deps.repos.accounts.findById(input.userId);
  if (!account) return err(dataRightsError("data-rights.account_not_found"));
  if (account.email === closedEmail(account.id)) return err(dataRightsError("data-rights.already_closed"));
  const before = await closureCheck(deps, account.id);
  if (before.length > 0) return err({ code: "data-rights.cannot_close_yet", blockers: before });
  const now = deps.clock.now();
  const blockers = await deps.closure.close(account.id, now, bueaDay(now), {
    id: deps.ids.id(),
    actorId: input.adminId,
    action: ACCOUNT_CLOSED_AUDIT_ACTION,
    data: { target: auditTarget("user", account.id), reason: reason.value },
    at: now,
  });
  if (blockers.length > 0) return err({ code: "data-rights.cannot_close_yet", blockers });
  return ok(undefined);
}
