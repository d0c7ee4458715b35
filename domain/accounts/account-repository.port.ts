import type { Account, AccountChanges } from "./account.entity";

export interface AccountRepository {
  /** "duplicate" when the e-mail (or Google id) already belongs to an account. */
  insert(account: Account): Promise<"inserted" | "duplicate">;
  findById(id: string): Promise<Account | null>;
  /** `email` is already normalised (trimmed, lower-case). */
  findByEmail(email: string): Promise<Account | null>;
  findByGoogleId(googleId: string): Promise<Account | null>;
  update(id: string, changes: AccountChanges): Promise<void>;
}
