// Wiring of the host area (domain/hosting): the Kysely repository and transaction (with the audit
// log), photo files under STORAGE_DIR, private documents and the mailer shared with accounts.
// Composed into Services as `hosting`.
import type { AccountsDeps } from "#domain/accounts/accounts.deps";
import type { HostVerificationDeps } from "#domain/hosting/host-verification.use-cases";
import type { GuestHouseHostingDeps } from "#domain/hosting/manage-guest-house.use-cases";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { defaultHostingEmails } from "#infrastructure/mail/default-hosting-emails";
import { KyselyHostingRepository, kyselyHostingUnitOfWork } from "#infrastructure/repositories/kysely-hosting-repository";
import type { PhotoStore } from "#domain/property-management/photo-store.port";
import type { PublicPages } from "#domain/shared/public-pages.port";

export type HostingModule = HostVerificationDeps & GuestHouseHostingDeps;

export function createHostingModule(
  database: DatabaseHandle,
  accounts: AccountsDeps,
  photos: PhotoStore,
  publicPages: PublicPages,
): HostingModule {
  return {
    uow: kyselyHostingUnitOfWork(database.db, database.dialect),
    hosting: new KyselyHostingRepository(database.db),
    accounts: accounts.repos.accounts,
    storage: accounts.storage,
    mailer: accounts.mailer,
    emails: defaultHostingEmails,
    photos,
    clock: accounts.clock,
    ids: accounts.ids,
    settings: { appUrl: accounts.settings.appUrl },
    publicPages,
  };
}
