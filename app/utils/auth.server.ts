// Who is signed in, and the route guards (SPEC §4). The cookie session (kn_session) holds only the
// database session id under "sessionId" (and one-time toasts); everything else is looked up.
// Guards throw redirects, as Remix loaders and actions expect; they hold no business rule.
import { redirect, type AppLoadContext, type Session } from "@remix-run/node";
import type { SessionUser } from "#domain/accounts/account.entity";
import { createSession, revokeSession, type NewSession } from "#domain/accounts/manage-sessions.use-case";
import type { FlashData } from "~/services.server";
import type { Toast } from "./toast";
import { safeRedirectPath } from "./toast.server";
import { SESSION_ID_KEY as SESSION_KEY, sessionIdFromCookie } from "./session-id.server";

export type { SessionUser };

export const LOGIN_PATH = "/auth/login";
export const AGENT_UNAUTHORIZED_PATH = "/agents/unauthorized";
export const AGENT_VERIFICATION_PATH = "/auth/agent-verification";
export const ADMIN_UNAUTHORIZED_PATH = "/admin/unauthorized";
/** Where a signed-in admin lands from the home page. */
export const ADMIN_HOME_PATH = "/admin/dashboard";
export const TWO_FACTOR_PATH = "/auth/two-factor";

type CookieSession = Session<Record<string, unknown>, FlashData>;

async function getCookieSession(context: AppLoadContext, request: Request): Promise<CookieSession> {
  return context.services.sessionStorage.getSession(request.headers.get("Cookie"));
}

/** The database session id in the cookie, or null. */
export function getSessionId(context: AppLoadContext, request: Request): Promise<string | null> {
  return sessionIdFromCookie(context.services.sessionStorage, request.headers.get("Cookie"));
}

async function lookUpUser(context: AppLoadContext, request: Request): Promise<SessionUser | null> {
  const sessionId = await getSessionId(context, request);
  if (!sessionId) return null;
  return context.services.currentUser(sessionId);
}

// A page's loaders (the root's, its layout's and its route's) each ask who is signed in, for the
// same request: the session, the account and the agent row were read up to three times a page.
// The answer is kept for the request's lifetime (Remix hands every loader of a page the same
// Request). Only for reads: an action may sign in or out, and its loaders get a new Request anyway.
const usersOfRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user, or null for a visitor (or an expired or revoked session). */
export function getOptionalUser(context: AppLoadContext, request: Request): Promise<SessionUser | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return lookUpUser(context, request);
  let user = usersOfRequest.get(request);
  if (!user) usersOfRequest.set(request, (user = lookUpUser(context, request)));
  return user;
}

/** The path and query of the request, as the place to come back to after login. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  // Single fetch data requests (/profile.data?_routes=…) come back to the page itself.
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return `${pathname}${search ? `?${search}` : ""}`;
}

/** /auth/login?redirectTo=<where the visitor was>. */
export function loginUrl(request: Request): string {
  const back = currentPath(request);
  return back === "/" ? LOGIN_PATH : `${LOGIN_PATH}?${new URLSearchParams({ redirectTo: back })}`;
}

/** Any signed-in user; a visitor is sent to the login page and comes back here afterwards. */
export async function requireUser(context: AppLoadContext, request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(context, request);
  if (!user) throw redirect(loginUrl(request));
  return user;
}

export const isApprovedAgent = (user: SessionUser) => user.isAgent && user.agentStatus === "approved";

/**
 * An agent. A visitor goes to login, a signed-in non-agent to /agents/unauthorized, an agent
 * whose verification is not approved to /auth/agent-verification (unless `allowUnverified`).
 */
export async function requireAgent(
  context: AppLoadContext,
  request: Request,
  options: { allowUnverified?: boolean } = {},
): Promise<SessionUser> {
  const user = await requireUser(context, request);
  if (!user.isAgent) throw redirect(AGENT_UNAUTHORIZED_PATH);
  if (!options.allowUnverified && !isApprovedAgent(user)) throw redirect(AGENT_VERIFICATION_PATH);
  return user;
}

/**
 * An admin. A visitor goes to login, a non-admin to /admin/unauthorized; with REQUIRE_ADMIN_2FA an
 * admin without two-step verification is sent to enrol first.
 */
export async function requireAdmin(context: AppLoadContext, request: Request): Promise<SessionUser> {
  const user = await requireUser(context, request);
  if (!user.isAdmin) throw redirect(ADMIN_UNAUTHORIZED_PATH);
  if (context.services.config.requireAdmin2fa && !user.totpEnabled) {
    throw redirect(`${TWO_FACTOR_PATH}?${new URLSearchParams({ redirectTo: currentPath(request) })}`);
  }
  return user;
}

/** A signed-in visitor has no business on the login or sign-up page: send them on. */
export async function redirectIfSignedIn(context: AppLoadContext, request: Request, to = "/"): Promise<void> {
  const user = await getOptionalUser(context, request);
  if (user) throw redirect(safeRedirectPath(to));
}

/**
 * Puts an already created database session in the cookie (e.g. the one a login use case
 * returned) and redirects. The previous session id in the cookie, if any, is revoked: the id is
 * rotated at every login.
 */
export async function commitUserSession(
  context: AppLoadContext,
  request: Request,
  created: NewSession,
  redirectTo: string,
  toast?: Toast,
): Promise<Response> {
  const session = await getCookieSession(context, request);
  const previous = session.get(SESSION_KEY);
  if (typeof previous === "string" && previous !== created.sessionId) await revokeSession(context.services.accounts, previous);
  session.set(SESSION_KEY, created.sessionId);
  if (toast) session.flash("toast", toast);
  const headers = new Headers();
  headers.append("Set-Cookie", await context.services.sessionStorage.commitSession(session));
  return redirect(safeRedirectPath(redirectTo), { headers });
}

/** Opens a new database session for `userId`, puts its id in the cookie and redirects. */
export async function createUserSession(
  context: AppLoadContext,
  request: Request,
  userId: string,
  redirectTo: string,
  toast?: Toast,
): Promise<Response> {
  const created = await createSession(context.services.accounts, { userId, userAgent: request.headers.get("User-Agent") });
  return commitUserSession(context, request, created, redirectTo, toast);
}

/** Ends the database session and clears it from the cookie, then redirects with a toast. */
export async function logout(context: AppLoadContext, request: Request, redirectTo = "/"): Promise<Response> {
  const session = await getCookieSession(context, request);
  const sessionId = session.get(SESSION_KEY);
  if (typeof sessionId === "string") await revokeSession(context.services.accounts, sessionId);
  session.unset(SESSION_KEY);
  session.flash("toast", { kind: "success", title: "common:toast.signedOut" });
  const headers = new Headers();
  headers.append("Set-Cookie", await context.services.sessionStorage.commitSession(session));
  return redirect(safeRedirectPath(redirectTo), { headers });
}

/**
 * The client's address for the per-IP login throttle, when the server puts it in the load context
 * (`clientIp`, from Express's req.ip, which honours TRUST_PROXY). Never read from a header here:
 * a header is the client's to invent. Without it only the per-e-mail throttle applies.
 */
export function clientIp(context: AppLoadContext): string | null {
  const ip = (context as { clientIp?: unknown }).clientIp;
  return typeof ip === "string" && ip !== "" ? ip : null;
}
