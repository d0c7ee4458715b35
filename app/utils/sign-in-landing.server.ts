// The page a sign-in redirects to: the one asked for (redirectTo), else the user's home
// (domain/accounts/home-after-sign-in.ts: an approved agent's portal, a host's area).
import type { AppLoadContext } from "@remix-run/node";
import { homeAfterSignIn } from "#domain/accounts/home-after-sign-in";
import { getHostStatus } from "#domain/hosting/host-verification.use-cases";
import { safeRedirectPath } from "~/utils/toast.server";

/** The page asked for, or "" when none was (the form's hidden field is empty then). */
export function askedPage(value: FormDataEntryValue | string | null | undefined): string {
  return typeof value === "string" && value.trim() !== "" ? safeRedirectPath(value) : "";
}

export async function signInLanding(context: AppLoadContext, sessionId: string, asked: string): Promise<string> {
  if (asked !== "") return asked;
  const user = await context.services.currentUser(sessionId);
  if (!user) return "/";
  const isHost = !user.isAdmin && (await getHostStatus(context.services.hosting, user.id)) !== null;
  return homeAfterSignIn(user, isHost);
}
