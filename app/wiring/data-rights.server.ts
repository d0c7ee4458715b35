// Wiring of the data-rights module: the accounts ports it shares, the export's Kysely reader, the
// closing store, and the retention job. Composed into Services by app/services.server.ts.
import type { AccountsDeps } from "#domain/accounts/accounts.deps";
import type { DataRightsDeps } from "#domain/data-rights/data-rights.deps";
import { enforceRetention, type RetentionDeps } from "#domain/data-rights/enforce-retention.use-case";
import type { Config } from "#infrastructure/config/config";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import type { JobLeases } from "#infrastructure/jobs/kysely-job-leases";
import { logger } from "#infrastructure/logging/logger";
import { KyselyPersonalDataReader } from "#infrastructure/repositories/kysely-personal-data-reader";
import { KyselyAccountClosureStore } from "#infrastructure/repositories/kysely-account-closure-store";
import { KyselyBookingAttemptRepository } from "#infrastructure/repositories/kysely-guest-house-booking";
import { KyselyRetentionStore } from "#infrastructure/repositories/kysely-retention-store";
import { startIntervalJob } from "./interval-job.server";

export function createDataRightsDeps(database: DatabaseHandle, accounts: AccountsDeps): DataRightsDeps {
  return {
    repos: accounts.repos,
    uow: accounts.uow,
    loginAttempts: accounts.loginAttempts,
    hasher: accounts.hasher,
    secrets: accounts.secrets,
    clock: accounts.clock,
    ids: accounts.ids,
    personalData: new KyselyPersonalDataReader(database.db),
    closure: new KyselyAccountClosureStore(database.db),
  };
}

/** The retention job's ports: its deletes, the private files, the audit log, the configured periods. */
export function createRetentionDeps(config: Config, database: DatabaseHandle, accounts: AccountsDeps): RetentionDeps {
  return {
    retention: new KyselyRetentionStore(database.db),
    drafts: new KyselyBookingAttemptRepository(database.db),
    storage: accounts.storage,
    auditLog: accounts.repos.auditLog,
    clock: accounts.clock,
    ids: accounts.ids,
    periods: {
      contactMessagesDays: config.retention.contactMessagesDays,
      verificationDocumentsDays: config.retention.verificationDocumentsDays,
      outboxEmailsDays: config.retention.outboxEmailsDays,
    },
  };
}

/**
 * Runs the retention job every RETENTION_INTERVAL_MS (0: never), once per period across every
 * instance on the database (the job lease). Each run logs its counts; the audit row it writes is
 * what /admin/data-rights lists.
 */
export function startRetentionJob(deps: RetentionDeps, intervalMs: number, leases?: JobLeases): () => Promise<void> {
  return startIntervalJob({
    name: "data-retention",
    intervalMs,
    leases,
    run: async () => {
      const counts = await enforceRetention(deps);
      logger.info(
        { job: "data-retention", ...counts },
        `Retention: ${counts.contactMessages} contact messages, ${counts.agentDocuments + counts.hostDocuments} verification documents (${counts.files} files), ${counts.outboxEmails + counts.bookingNotices} outbox e-mails, ${counts.bookingDrafts} booking drafts deleted.`,
      );
    },
    onError: (error) => logger.warn({ job: "data-retention", err: error }, "Retention job failed"),
  });
}
