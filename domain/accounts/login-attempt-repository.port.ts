/** Failed sign-in attempts, counted per throttle key (an e-mail or an IP address). */
export interface LoginAttemptRepository {
  record(id: string, key: string, at: Date): Promise<void>;
  countSince(key: string, since: Date): Promise<number>;
  clear(key: string): Promise<void>;
  /** Housekeeping: attempts older than the window no longer matter. */
  pruneBefore(at: Date): Promise<number>;
}
