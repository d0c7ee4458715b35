import type { Kysely } from "kysely";
import type { AccountRepos } from "#domain/accounts/accounts.deps";
import type { UnitOfWork } from "#domain/shared/transaction";
import type { Database } from "../db/schema";
import { KyselyAccountAuditLog } from "./kysely-account-audit-log";
import { KyselyAccountEmailTokenRepository } from "./kysely-account-email-token-repository";
import { KyselyAccountRecoveryCodeRepository } from "./kysely-account-recovery-code-repository";
import { KyselyAccountRepository } from "./kysely-account-repository";
import { KyselyAgentRepository } from "./kysely-agent-repository";
import { KyselySessionRepository } from "./kysely-session-repository";

/** The accounts repositories over a connection or a transaction. */
export function createKyselyAccountRepos(db: Kysely<Database>): AccountRepos {
  return {
    accounts: new KyselyAccountRepository(db),
    agents: new KyselyAgentRepository(db),
    sessions: new KyselySessionRepository(db),
    emailTokens: new KyselyAccountEmailTokenRepository(db),
    recoveryCodes: new KyselyAccountRecoveryCodeRepository(db),
    auditLog: new KyselyAccountAuditLog(db),
  };
}

/**
 * One database transaction per `run`. On SQLite the transaction holds the only connection:
 * work inside must use the repositories it is given, never the outer ones, or it waits forever.
 */
export class KyselyAccountsUnitOfWork implements UnitOfWork<AccountRepos> {
  constructor(private readonly db: Kysely<Database>) {}
  run<T>(work: (repos: AccountRepos) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(createKyselyAccountRepos(trx)));
  }
}
