// The database session id in the kn_session cookie: read by the route guards (app/utils/auth.server.ts)
// and, before an upload's body is read, by the server itself (server/uploads.ts). No other import,
// so the Express layer can use it without loading the app's modules.
import type { SessionStorage } from "@remix-run/node";

/** The key of the database session id in the cookie session. */
export const SESSION_ID_KEY = "sessionId";

/** The database session id the Cookie header carries, or null (no cookie, a forged one, none set). */
export async function sessionIdFromCookie(
  storage: Pick<SessionStorage, "getSession">,
  cookieHeader: string | null | undefined,
): Promise<string | null> {
  if (!cookieHeader?.includes("kn_session=")) return null;
  const session = await storage.getSession(cookieHeader);
  const id: unknown = session.get(SESSION_ID_KEY);
  return typeof id === "string" && id !== "" ? id : null;
}
