// Where a user lands after signing in when no page was asked for (issue 33, decision 0208). The
// portal is an approved agent's home; a host who is not an agent works from the host area.
// Everyone else (students, admins, an agent still to be verified, who is prompted from the home
// page and the menu) lands on the home page. A page asked for (redirectTo) always wins.
import type { SessionUser } from "./account.entity";

export function homeAfterSignIn(user: Pick<SessionUser, "isAdmin" | "isAgent" | "agentStatus">, isHost: boolean): string {
  if (user.isAgent && user.agentStatus === "approved") return "/agents/properties";
  if (isHost && !user.isAgent && !user.isAdmin) return "/host";
  return "/";
}

/** An agent who has not been approved yet (no documents, waiting for review, or asked for others): prompted to finish. */
export const agentToVerify = (user: Pick<SessionUser, "isAgent" | "agentStatus">): boolean =>
  user.isAgent &&
  (user.agentStatus === null || user.agentStatus === "unsubmitted" || user.agentStatus === "pending" || user.agentStatus === "rejected");
