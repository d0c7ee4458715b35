import type { Session } from "./session.entity";

export interface SessionRepository {
  insert(session: Session): Promise<void>;
  findById(id: string): Promise<Session | null>;
  touch(id: string, lastSeenAt: Date): Promise<void>;
  delete(id: string): Promise<void>;
  /** Every session of the user, except `exceptId` when given. */
  deleteAllForUser(userId: string, exceptId?: string): Promise<void>;
  /** Housekeeping: removes sessions past their absolute end or idle since `idleBefore`. */
  deleteExpired(now: Date, idleBefore: Date): Promise<number>;
}
