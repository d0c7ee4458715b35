import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import type { Mailer } from "../shared/mailer.port";
import type { UnitOfWork } from "../shared/transaction";
import type { PublicPages } from "../shared/public-pages.port";
import type { AccountEmails } from "./account-emails.port";
import type { AccountRepository } from "./account-repository.port";
import type { AgentRepository } from "./agent-repository.port";
import type { AuditLog } from "./audit-log.port";
import type { DocumentStorage } from "./document-storage.port";
import type { EmailTokenRepository } from "./email-token-repository.port";
import type { LoginAttemptRepository } from "./login-attempt-repository.port";
import type { PasswordHasher } from "./password-hasher.port";
import type { RecoveryCodeRepository } from "./recovery-code-repository.port";
import type { SecretTokens } from "./secret-tokens.port";
import type { SessionRepository } from "./session-repository.port";
import type { TotpAuthenticator } from "./totp.port";

/** The repositories that change together; `uow.run` hands out the same set bound to a transaction. */
export interface AccountRepos {
  accounts: AccountRepository;
  agents: AgentRepository;
  sessions: SessionRepository;
  emailTokens: EmailTokenRepository;
  recoveryCodes: RecoveryCodeRepository;
  auditLog: AuditLog;
}

export interface AccountsSettings {
  /** No trailing slash, e.g. https://kamernest.cm */
  appUrl: string;
  /** Lower-case e-mails promoted to admin at sign-in (ADMIN_EMAILS). */
  adminEmails: readonly string[];
  /**
   * Sign-ups allowed from one address per throttle window (SIGN_UPS_PER_IP; SIGN_UP_LIMITS.perIp
   * when unset). A campus or a mobile operator may put many students behind one address.
   */
  signUpsPerIp?: number;
  /**
   * Failed sign-ins allowed from one IP address, over every account, per throttle window (the
   * LOGIN_FAILURES_PER_IP setting; the constant of that name in login-throttle.ts when unset).
   */
  loginFailuresPerIp?: number;
}

export interface AccountsDeps {
  /** For reads and single writes outside a transaction. */
  repos: AccountRepos;
  uow: UnitOfWork<AccountRepos>;
  loginAttempts: LoginAttemptRepository;
  hasher: PasswordHasher;
  secrets: SecretTokens;
  totp: TotpAuthenticator;
  mailer: Mailer;
  emails: AccountEmails;
  storage: DocumentStorage;
  clock: Clock;
  ids: IdGenerator;
  settings: AccountsSettings;
  /**
   * Waits before a password is checked on an address under attack (at most LOGIN_DELAY_MAX_MS);
   * a real timer when unset. Tests pass one that records the wait and returns at once.
   */
  pause?: (ms: number) => Promise<void>;
  /** Told when an account change shows to visitors (an agent approved, a public name or phone changed). */
  publicPages: PublicPages;
}
