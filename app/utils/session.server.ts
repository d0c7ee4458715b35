import type { AppLoadContext } from "@remix-run/node";
import type { ShellUser } from "~/components/site-header";
import { getHostStatus } from "#domain/hosting/host-verification.use-cases";
import { unreadMessageCount } from "#domain/messaging/messaging.queries";
import { getOptionalUser } from "./auth.server";
import { agentToVerify } from "#domain/accounts/home-after-sign-in";

/** The signed-in user as the page shell needs it, or null for a visitor. */
export async function getShellUser(context: AppLoadContext, request: Request): Promise<ShellUser | null> {
  // The same lookup as the page's own loader: done once per request (auth.server.ts).
  const user = await getOptionalUser(context, request);
  if (!user) return null;
  // Admins review hosts and are never hosts themselves; anyone else sees "Become a host" or "Host area".
  const [hostStatus, unreadMessages] = await Promise.all([
    user.isAdmin ? null : getHostStatus(context.services.hosting, user.id),
    unreadMessageCount(context.services.messaging, user.id),
  ]);
  return {
    name: user.name,
    isAdmin: user.isAdmin,
    isApprovedAgent: user.isAgent && user.agentStatus === "approved",
    agentToVerify: agentToVerify(user),
    isHost: hostStatus !== null,
    unreadMessages,
  };
}
