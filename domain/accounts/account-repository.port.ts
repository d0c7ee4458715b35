import type { Account, AccountChanges, Role } from "./account.entity";

/** The admin's user search: text in the name, e-mail or phone (any case), a role, one page. */
export interface AccountSearch {
  text?: string;
  role?: Role;
  offset: number;
  limit: number;
  /** Count the matches only up to this many (domain/shared/paging.ts countLimitFor). */
  countLimit: number;
}

export interface AccountRepository {
  /** "duplicate" when the e-mail (or Google id) already belongs to an account. */
  insert(account: Account): Promise<"inserted" | "duplicate">;
  findById(id: string): Promise<Account | null>;
  /** The accounts of these ids, read at once for a list, in no particular order; unknown ids are absent. */
  findByIds(ids: readonly string[]): Promise<Account[]>;
  /** Each found account's `displayName`, by id, read at once for a list; unknown ids are absent. */
  displayNamesByIds(ids: readonly string[]): Promise<Map<string, string>>;
  /** `email` is already normalised (trimmed, lower-case). */
  findByEmail(email: string): Promise<Account | null>;
  findByGoogleId(googleId: string): Promise<Account | null>;
  update(id: string, changes: AccountChanges): Promise<void>;
  /** Records a sign-in at `at`; "first" for the account's first one ever (one winner in a race). */
  recordSignIn(id: string, at: Date): Promise<"first" | "again">;
  /** Newest accounts first, with how many match, counted up to `countLimit`. */
  search(query: AccountSearch): Promise<{ accounts: Account[]; total: number }>;
  /**
   * Holds every admin's row for the rest of the unit of work and says how many admins there are,
   * so that two admins demoting each other at once cannot leave the platform without one.
   */
  lockAdmins(): Promise<number>;
}

/** The search's rule, as the in-memory adapter applies it (the SQL adapter says the same). */
export function matchesAccountSearch(account: Account, query: Pick<AccountSearch, "text" | "role">): boolean {
  if (query.role && account.role !== query.role) return false;
  const text = (query.text ?? "").trim().toLowerCase();
  if (text === "") return true;
  return (
    account.fullName.toLowerCase().includes(text) ||
    account.email.toLowerCase().includes(text) ||
    (account.phone ?? "").includes(phoneSearchText(text))
  );
}

/** Phones are stored as +2376XXXXXXXX: "677 12 34 56" finds one, so spaces are dropped. */
export const phoneSearchText = (text: string): string => text.replace(/\s+/g, "");
