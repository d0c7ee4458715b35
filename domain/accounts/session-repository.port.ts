import type { Account, AgentStatus } from "./account.entity";
import type { Session } from "./session.entity";

/** A session with who holds it: the account (null if gone) and its agent status (null if not an agent row). */
export interface SessionWithHolder {
  session: Session;
  account: Account | null;
  agentStatus: AgentStatus | null;
}

export interface SessionRepository {
  insert(session: Session): Promise<void>;
  findById(id: string): Promise<Session | null>;
  /**
   * The session and its holder, read together: every signed-in page asks for it (through
   * getSessionUser), and three reads made it three round trips to the database (decision 0163).
   */
  findWithHolder(id: string): Promise<SessionWithHolder | null>;
  touch(id: string, lastSeenAt: Date): Promise<void>;
  delete(id: string): Promise<void>;
  /** Every session of the user, except `exceptId` when given. */
  deleteAllForUser(userId: string, exceptId?: string): Promise<void>;
  /** Housekeeping: removes sessions past their absolute end or idle since `idleBefore`. */
  deleteExpired(now: Date, idleBefore: Date): Promise<number>;
}
