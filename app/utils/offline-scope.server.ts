import { createHash } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { getOptionalUser } from "./auth.server";

/**
 * Whose page this is, for the offline-reading service worker (decision 0240): "guest" for a
 * visitor, else a digest of the user's id (the same person on every device and session, their id
 * not shown). The worker keeps a page under the scope and language it was rendered for, and drops
 * every other person's copies when it sees a page rendered for someone else, or a sign-out.
 */
export const OFFLINE_SCOPE_HEADER = "KN-Offline-Scope";

export async function offlineScope(context: AppLoadContext, request: Request): Promise<string | null> {
  if (!context.services) return null;
  try {
    const user = await getOptionalUser(context, request);
    return user ? createHash("sha256").update(`kamernest-offline:${user.id}`).digest("base64url").slice(0, 22) : "guest";
  } catch {
    // Unknown (the database went away): no header, so the worker keeps what it has.
    return null;
  }
}
