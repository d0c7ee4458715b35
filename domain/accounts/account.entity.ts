// An account is a row of `profiles` seen by the domain. Role changes happen only in the use cases
// that own them (agent sign-up and verification, the admin allow-list at sign-in, an admin's
// change on /admin/users).
export type Role = "student" | "agent" | "admin";
/**
 * An agent's verification. `withheld`: approved, but the account may not list now (suspended, or no
 * longer an agent); it is approved again when it may (domain/accounts/owner-standing.ts).
 */
export type AgentStatus = "unsubmitted" | "pending" | "approved" | "rejected" | "withheld";
export type Language = "en" | "fr";

export interface Account {
  id: string;
  role: Role;
  fullName: string;
  email: string;
  /** Normalised +2376XXXXXXXX, or null. */
  phone: string | null;
  /** Null for accounts created through Google that never set a password. */
  passwordHash: string | null;
  emailConfirmedAt: Date | null;
  googleId: string | null;
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  /** The language the account's e-mails are written in. */
  language: Language;
  /** Set while an admin has suspended the account: it cannot sign in and its sessions are refused. */
  suspendedAt: Date | null;
  /** Why (for admins; the user is told only that the account is suspended). */
  suspendedReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The fields a use case may change; `updatedAt` is always set. */
export type AccountChanges = Partial<
  Pick<
    Account,
    | "role"
    | "fullName"
    | "phone"
    | "passwordHash"
    | "emailConfirmedAt"
    | "googleId"
    | "totpSecret"
    | "totpEnabledAt"
    | "language"
    | "suspendedAt"
    | "suspendedReason"
  >
> & { updatedAt: Date };

/** What the app knows about the signed-in user. */
export interface SessionUser {
  id: string;
  /** The full name, or the part of the e-mail before @. */
  name: string;
  email: string;
  phone: string | null;
  role: Role;
  isAdmin: boolean;
  isAgent: boolean;
  agentStatus: AgentStatus | null;
  totpEnabled: boolean;
  language: Language;
}

export const isSuspended = (account: Pick<Account, "suspendedAt">): boolean => account.suspendedAt !== null;

export function displayName(account: Pick<Account, "fullName" | "email">): string {
  const name = account.fullName.trim();
  return name !== "" ? name : account.email.split("@")[0];
}

export function toSessionUser(account: Account, agentStatus: AgentStatus | null): SessionUser {
  return {
    id: account.id,
    name: displayName(account),
    email: account.email,
    phone: account.phone,
    role: account.role,
    isAdmin: account.role === "admin",
    isAgent: account.role === "agent",
    agentStatus,
    totpEnabled: account.totpEnabledAt !== null,
    language: account.language,
  };
}
