import type { Kysely } from "kysely";
import type { AccountsDeps } from "#domain/accounts/accounts.deps";
import { systemClock } from "#domain/shared/clock";
import { CountingPublicPages } from "#domain/shared/public-pages.port";
import type { Config } from "../config/config";
import type { Database } from "../db/schema";
import { createMailer } from "../mail/create-mailer";
import { defaultAccountEmails } from "../mail/default-account-emails";
import { KyselyAccountLoginAttemptRepository } from "../repositories/kysely-account-login-attempt-repository";
import { createKyselyAccountRepos, KyselyAccountsUnitOfWork } from "../repositories/kysely-account-unit-of-work";
import { createFileStorages } from "../storage/create-file-storage";
import { CryptoSecretTokens, uuidIds } from "./crypto-secret-tokens";
import { OtplibTotpAuthenticator } from "./otplib-totp-authenticator";
import { ScryptPasswordHasher } from "./scrypt-password-hasher";

/**
 * The production wiring of the accounts use cases over one database. Any part may be replaced
 * (the app's translated e-mails, a test clock, a fast hasher).
 */
export function createAccountsDeps(
  db: Kysely<Database>,
  config: Pick<Config, "appUrl" | "adminEmails" | "mail" | "storageDir" | "objectStorage">,
  overrides: Partial<AccountsDeps> = {},
): AccountsDeps {
  const clock = overrides.clock ?? systemClock;
  const ids = overrides.ids ?? uuidIds;
  return {
    repos: createKyselyAccountRepos(db),
    uow: new KyselyAccountsUnitOfWork(db),
    loginAttempts: new KyselyAccountLoginAttemptRepository(db),
    hasher: new ScryptPasswordHasher(),
    secrets: new CryptoSecretTokens(),
    totp: new OtplibTotpAuthenticator(() => clock.now().getTime()),
    mailer: createMailer(config, db, ids, clock),
    emails: defaultAccountEmails,
    storage: createFileStorages(config).documents,
    settings: { appUrl: config.appUrl, adminEmails: config.adminEmails.map((e) => e.toLowerCase()) },
    // No page cache listens outside the server: the changes are only counted.
    publicPages: new CountingPublicPages(),
    ...overrides,
    clock,
    ids,
  };
}
