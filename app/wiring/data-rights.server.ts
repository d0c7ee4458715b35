// Wiring of the data-rights module: the accounts ports it shares and the export's Kysely reader.
// Composed into Services by app/services.server.ts (the composition root).
import type { AccountsDeps } from "#domain/accounts/accounts.deps";
import type { DataRightsDeps } from "#domain/data-rights/data-rights.deps";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { KyselyPersonalDataReader } from "#infrastructure/repositories/kysely-personal-data-reader";
import { KyselyAccountClosureStore } from "#infrastructure/repositories/kysely-account-closure-store";

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
