// Shared by the host area's routes: who may enter (any signed-in user but an admin: admins review
// hosts), the 404 of a house that is missing or another host's, and a refused use case's answer.
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { SessionUser } from "#domain/accounts/account.entity";
import type { DomainError } from "#domain/shared/result";
import { requireUser } from "~/utils/auth.server";
import { describeDomainError } from "~/utils/domain-errors.server";

export async function requireHostArea(context: AppLoadContext, request: Request): Promise<SessionUser> {
  const user = await requireUser(context, request);
  if (user.isAdmin) throw redirect("/admin/agent-verification?tab=hosts");
  return user;
}

// One 404 for every page (app/utils/not-found.server.ts), re-exported for this module's routes.

export interface HostingActionError {
  formError: string;
}

export async function refused(request: Request, error: DomainError) {
  const described = await describeDomainError(request, error);
  return data<HostingActionError>({ formError: described.message }, { status: described.status });
}

export async function badForm(request: Request) {
  return refused(request, { code: "hosting.invalid_form" });
}
