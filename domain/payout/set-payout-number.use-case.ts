// The agent sets or changes the number they are paid to (issue 34, decision 0212): the payment
// phone's rule, the password asked again (a stolen session must not redirect someone's pay), the
// wrong guesses limited like the password change's, and an e-mail to the account's address.
import type { AccountsDeps } from "../accounts/accounts.deps";
import type { AuditLog } from "../accounts/audit-log.port";
import { auditData } from "../accounts/audit-log.port";
import { CHANGE_PASSWORD_LIMITS, isOverLimit, limitedKeys, recordFailure } from "../accounts/login-throttle";
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import type { Mailer } from "../shared/mailer.port";
import { err, ok, domainError, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import type { PayoutEmails } from "./payout-emails.port";
import { parsePayoutNumber, type PayoutNumber } from "./payout.entity";
import type { PayoutError } from "./payout.errors";
import type { PayoutStore } from "./payout-store.port";

export interface SetPayoutNumberDeps {
  uow: UnitOfWork<{ payouts: PayoutStore; audit: AuditLog }>;
  /** The account (its password, address and language) and the attempt counters. */
  accounts: Pick<AccountsDeps, "repos" | "hasher" | "loginAttempts" | "clock" | "ids">;
  mailer: Mailer;
  emails: PayoutEmails;
  clock: Clock;
  ids: IdGenerator;
  /** No trailing slash. */
  appUrl: string;
}

export interface SetPayoutNumberInput {
  agentId: string;
  phone: string | null | undefined;
  medium: string | null | undefined;
  password: string | null | undefined;
  ip?: string | null;
}

export const PAYOUT_NUMBER_CHANGED_ACTION = "payout.number_changed" as const;

export async function setPayoutNumber(deps: SetPayoutNumberDeps, input: SetPayoutNumberInput): Promise<Result<PayoutNumber, PayoutError>> {
  const parsed = parsePayoutNumber(input.phone, input.medium);
  if (!parsed.ok) return parsed;
  const account = await deps.accounts.repos.accounts.findById(input.agentId);
  if (!account) return err(domainError("payouts.agent_not_found"));
  const limits = limitedKeys(
    "payout_number",
    { name: "user", value: account.id, max: CHANGE_PASSWORD_LIMITS.perAccount },
    { value: input.ip, max: CHANGE_PASSWORD_LIMITS.perIp },
  );
  if (await isOverLimit(deps.accounts, limits)) return err(domainError("payouts.too_many_attempts"));
  const password = input.password ?? "";
  if (!account.passwordHash || password === "" || !(await deps.accounts.hasher.verify(password, account.passwordHash))) {
    await recordFailure(
      deps.accounts,
      limits.map((l) => l.key),
    );
    return err(domainError("payouts.wrong_password"));
  }
  const now = deps.clock.now();
  const next: PayoutNumber = { agentId: account.id, phone: parsed.value.phone, medium: parsed.value.medium, updatedAt: now };
  const changed = await deps.uow.run(async ({ payouts, audit }) => {
    const before = await payouts.findNumber(account.id);
    if (before && before.phone === next.phone && before.medium === next.medium) return false;
    await payouts.saveNumber(next);
    await audit.record({
      id: deps.ids.id(),
      actorId: account.id,
      action: PAYOUT_NUMBER_CHANGED_ACTION,
      data: auditData(`agent:${account.id}`, before ? { phone: before.phone, medium: before.medium } : null, {
        phone: next.phone,
        medium: next.medium,
      }),
      at: now,
    });
    return true;
  });
  if (changed) {
    const mail = deps.emails.numberChanged({
      name: account.fullName,
      language: account.language,
      number: next.phone,
      network: next.medium,
      earningsUrl: `${deps.appUrl}/agents/earnings`,
    });
    await deps.mailer.send({ to: account.email, ...mail });
  }
  return ok(next);
}
