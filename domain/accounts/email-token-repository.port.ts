import type { EmailToken, TokenPurpose } from "./email-token.entity";

export interface EmailTokenRepository {
  insert(token: EmailToken): Promise<void>;
  findByHash(tokenHash: string): Promise<EmailToken | null>;
  /** Marks the token used; false when it was already used (a concurrent use won). */
  markUsed(id: string, at: Date): Promise<boolean>;
  /** Marks every unused token of that purpose used, e.g. older reset links after a reset. */
  invalidateAll(userId: string, purpose: TokenPurpose, at: Date): Promise<void>;
  /** Housekeeping: deletes tokens used before `before` or expired before `before`; returns how many. */
  deleteSpentBefore(before: Date): Promise<number>;
}
