// Wiring of the accounts module: every port of AccountsDeps gets its adapter from configuration.
// Composed into Services by app/services.server.ts (the composition root).
import type { AccountsDeps } from "#domain/accounts/accounts.deps";
import { pruneAccountRecords } from "#domain/accounts/prune-account-records.use-case";
import { systemClock, type Clock } from "#domain/shared/clock";
import type { Mailer } from "#domain/shared/mailer.port";
import type { Config } from "#infrastructure/config/config";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { CryptoSecretTokens, uuidIds } from "#infrastructure/auth/crypto-secret-tokens";
import { OtplibTotpAuthenticator } from "#infrastructure/auth/otplib-totp-authenticator";
import { ScryptPasswordHasher } from "#infrastructure/auth/scrypt-password-hasher";
import { createMailer } from "#infrastructure/mail/create-mailer";
import { defaultAccountEmails } from "#infrastructure/mail/default-account-emails";
import { readOutbox, type OutboxEmail } from "#infrastructure/mail/outbox-mailer";
import { createFileStorages } from "#infrastructure/storage/create-file-storage";
import type { DocumentStorage } from "#domain/accounts/document-storage.port";
import type { PublicPages } from "#domain/shared/public-pages.port";
import { startIntervalJob } from "./interval-job.server";
import type { JobLeases } from "#infrastructure/jobs/kysely-job-leases";
import { KyselyAccountLoginAttemptRepository } from "#infrastructure/repositories/kysely-account-login-attempt-repository";
import { createKyselyAccountRepos, KyselyAccountsUnitOfWork } from "#infrastructure/repositories/kysely-account-unit-of-work";
import { logger } from "#infrastructure/logging/logger";

export interface AccountsWiringOptions {
  /** Tests may pass a fixed clock or an in-memory mailer; production uses the defaults. */
  clock?: Clock;
  mailer?: Mailer;
  /** Private documents (createFileStorages(config).documents); by default under STORAGE_DIR/private. */
  storage?: DocumentStorage;
  /** Told when an account change shows to visitors (the composition root's signal). */
  publicPages: PublicPages;
}

/**
 * The accounts deps over one database: Kysely repositories, scrypt hashing, SMTP when
 * SMTP_URL is set (else the outbox table), private files on disk or in the bucket, otplib TOTP.
 */
export function createAccountsDeps(config: Config, database: DatabaseHandle, options: AccountsWiringOptions): AccountsDeps {
  const clock = options.clock ?? systemClock;
  const ids = uuidIds;
  return {
    repos: createKyselyAccountRepos(database.db),
    uow: new KyselyAccountsUnitOfWork(database.db),
    loginAttempts: new KyselyAccountLoginAttemptRepository(database.db),
    hasher: new ScryptPasswordHasher(),
    secrets: new CryptoSecretTokens(),
    totp: new OtplibTotpAuthenticator(() => clock.now().getTime()),
    mailer: options.mailer ?? createMailer(config, database.db, ids, clock),
    emails: defaultAccountEmails,
    // Private: documents live under private/, never under the photos that /media serves.
    storage: options.storage ?? createFileStorages(config).documents,
    clock,
    ids,
    settings: {
      appUrl: config.appUrl,
      adminEmails: config.adminEmails,
      signUpsPerIp: config.signUpsPerIp,
      loginFailuresPerIp: config.loginFailuresPerIp,
    },
    publicPages: options.publicPages,
  };
}

/**
 * Deletes ended sessions, old login attempts and spent tokens every `intervalMs` (0: never), in
 * the server process. One run at a time; the timer never keeps the process alive.
 */
export function startAccountsCleanupJob(deps: AccountsDeps, intervalMs: number, leases?: JobLeases): () => Promise<void> {
  return startIntervalJob({
    name: "accounts-cleanup",
    intervalMs,
    leases,
    run: async () => {
      const pruned = await pruneAccountRecords(deps);
      const total = pruned.sessions + pruned.loginAttempts + pruned.emailTokens;
      if (total > 0) {
        logger.info(
          { job: "accounts-cleanup", ...pruned },
          `Accounts cleanup: ${pruned.sessions} sessions, ${pruned.loginAttempts} login attempts, ${pruned.emailTokens} tokens deleted.`,
        );
      }
    },
    onError: (error) => logger.warn({ job: "accounts-cleanup", err: error }, "Accounts cleanup failed"),
  });
}

/** The newest outbox e-mails (demo and development, where mail is not sent): for the admin outbox viewer. */
export function readOutboxEmails(database: DatabaseHandle, limit: number): Promise<OutboxEmail[]> {
  return readOutbox(database.db, { limit });
}
export type { OutboxEmail };
