/** Failed sign-in attempts (and other limited events), counted per throttle key. */
export interface LoginAttemptRepository {
  record(id: string, key: string, at: Date): Promise<void>;
  countSince(key: string, since: Date): Promise<number>;
  clear(key: string): Promise<void>;
  /** Uncounts these rows (an attempt counted up front that turned out refused or right). */
  remove(ids: readonly string[]): Promise<void>;
  /** Housekeeping: attempts older than the window no longer matter. */
  pruneBefore(at: Date): Promise<number>;
}
