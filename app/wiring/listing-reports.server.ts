// Wiring of listing reports (domain/reports): a student reports a listing; the admin's queue is
// the moderation module's. Composed into Services (as `listingReports`).
import type { ReportDeps } from "#domain/reports/report-listing.use-case";
import type { ReportRepos } from "#domain/reports/report-repository.port";
import type { Clock } from "#domain/shared/clock";
import type { IdGenerator } from "#domain/shared/ids";
import type { PublicPages } from "#domain/shared/public-pages.port";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { KyselyReportRepository, kyselyReportUnitOfWork } from "#infrastructure/repositories/kysely-report-repository";

/** For reportListing; `reports` outside a transaction for the admin's read queries. */
export type ListingReportsModule = ReportDeps & ReportRepos;

export function createListingReportsModule(
  database: DatabaseHandle,
  clock: Clock,
  ids: IdGenerator,
  publicPages: PublicPages,
): ListingReportsModule {
  const db = database.db;
  return { uow: kyselyReportUnitOfWork(db), reports: new KyselyReportRepository(db), clock, ids, publicPages };
}
