import type { AppLoadContext } from "@remix-run/node";
import type { ShellUser } from "~/components/site-header";
import { getHostStatus } from "../../domain/hosting/host-verification.use-cases";

/** The signed-in user as the page shell needs it, or null for a visitor. */
export async function getShellUser(context: AppLoadContext, request: Request): Promise<ShellUser | null> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("kn_session=")) return null;
  const session = await context.services.sessionStorage.getSession(cookie);
  const sessionId = session.get("sessionId");
  if (typeof sessionId !== "string") return null;
  const user = await context.services.currentUser(sessionId);
  if (!user) return null;
  // Admins review hosts and are never hosts themselves; anyone else sees "Become a host" or "Host area".
  const isHost = !user.isAdmin && (await getHostStatus(context.services.hosting, user.id)) !== null;
  return { name: user.name, isAdmin: user.isAdmin, isApprovedAgent: user.isAgent && user.agentStatus === "approved", isHost };
}
