// One harness for the accounts contract suites: the same ports over the in-memory adapters,
// SQLite and (with TEST_DATABASE_URL) PostgreSQL.
import type { Account } from "#domain/accounts/account.entity";
import type { AccountRepos } from "#domain/accounts/accounts.deps";
import type { LoginAttemptRepository } from "#domain/accounts/login-attempt-repository.port";
import type { UnitOfWork } from "#domain/shared/transaction";
import {
  createInMemoryAccountRepos,
  InMemoryAccountsUnitOfWork,
  InMemoryLoginAttemptRepository,
} from "#domain/accounts/in-memory-account-repositories";
import { KyselyAccountLoginAttemptRepository } from "#infrastructure/repositories/kysely-account-login-attempt-repository";
import { createKyselyAccountRepos, KyselyAccountsUnitOfWork } from "#infrastructure/repositories/kysely-account-unit-of-work";
import { allDatabaseKinds, createTestDatabase, type DatabaseKind } from "../../support/test-database";

export interface AccountsHarness {
  repos: AccountRepos;
  uow: UnitOfWork<AccountRepos>;
  loginAttempts: LoginAttemptRepository;
  close(): Promise<void>;
}

export const accountKinds = (): ("memory" | DatabaseKind)[] => ["memory", ...allDatabaseKinds()];

export async function accountsHarness(kind: "memory" | DatabaseKind): Promise<AccountsHarness> {
  if (kind === "memory") {
    const repos = createInMemoryAccountRepos();
    return {
      repos,
      uow: new InMemoryAccountsUnitOfWork(repos),
      loginAttempts: new InMemoryLoginAttemptRepository(),
      close: async () => {},
    };
  }
  const t = await createTestDatabase(kind);
  return {
    repos: createKyselyAccountRepos(t.db),
    uow: new KyselyAccountsUnitOfWork(t.db),
    loginAttempts: new KyselyAccountLoginAttemptRepository(t.db),
    close: () => t.destroy(),
  };
}

export const at = (minute: number, day = 20) => new Date(Date.UTC(2026, 10, day, 9, minute));

export function anAccount(over: Partial<Account> & { id: string }): Account {
  return {
    role: "student",
    fullName: `User ${over.id}`,
    email: `${over.id}@example.cm`,
    phone: null,
    passwordHash: "scrypt$1024$8$1$salt$key",
    emailConfirmedAt: null,
    googleId: null,
    totpSecret: null,
    totpEnabledAt: null,
    suspendedAt: null,
    suspendedReason: null,
    language: "en",
    createdAt: at(0),
    updatedAt: at(0),
    ...over,
  };
}
