// The commission module's error codes have no locale namespace of their own: their messages live
// in the booking namespace as viewing_<name> (commission.already_recorded →
// booking:errors.viewing_already_recorded). Status and message still come from the one mapping in
// app/utils/domain-errors.server.ts.
import type { DomainError } from "#domain/shared/result";
import { describeDomainError, domainErrorStatus } from "~/utils/domain-errors.server";

export async function describeMoneyError(request: Request, error: DomainError) {
  const code = error.code.startsWith("commission.") ? `booking.viewing_${error.code.slice("commission.".length)}` : error.code;
  // The message comes from the booking namespace; the status from the original code.
  return { ...(await describeDomainError(request, { ...error, code })), status: domainErrorStatus(error.code) };
}
