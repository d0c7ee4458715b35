// Wiring of the admin's property moderation (domain/property-moderation) and the listing-report
// queue (domain/reports): Kysely adapters, one transaction per decision with its audit row.
// Composed into Services as `moderation`.
import type { ModerationDeps } from "#domain/property-moderation/moderate-property.use-cases";
import type { PropertyModerationRepository } from "#domain/property-moderation/property-moderation.port";
import type { ReportRepository, ReportRepos } from "#domain/reports/report-repository.port";
import { systemClock, type Clock } from "#domain/shared/clock";
import type { UnitOfWork } from "#domain/shared/transaction";
import type { PublicPages } from "#domain/shared/public-pages.port";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { uuidIds } from "#infrastructure/auth/crypto-secret-tokens";
import { KyselyPropertyModeration, kyselyModerationUnitOfWork } from "#infrastructure/repositories/kysely-property-moderation";
import { KyselyReportRepository, kyselyReportUnitOfWork } from "#infrastructure/repositories/kysely-report-repository";

export interface ModerationModule extends ModerationDeps {
  /** Reads outside a transaction (the admin list). */
  properties: PropertyModerationRepository;
  /** For listOpenReports and reviewReport. */
  reports: { reports: ReportRepository; uow: UnitOfWork<ReportRepos>; clock: Clock; publicPages: PublicPages };
}

export function createModerationModule(database: DatabaseHandle, publicPages: PublicPages): ModerationModule {
  return {
    uow: kyselyModerationUnitOfWork(database.db),
    properties: new KyselyPropertyModeration(database.db),
    reports: {
      reports: new KyselyReportRepository(database.db),
      uow: kyselyReportUnitOfWork(database.db),
      clock: systemClock,
      publicPages,
    },
    clock: systemClock,
    ids: uuidIds,
    publicPages,
  };
}
