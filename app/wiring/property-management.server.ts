// Wiring of the agent portal's property management (domain/property-management): the Kysely
// repository and transaction (and the admin's edit with its audit row), and the photo store
// (disk or bucket, made by the composition root). Composed into Services as `properties`.
import type { AdminPropertyDeps, PropertyManagementDeps } from "#domain/property-management/manage-property.use-cases";
import { systemClock } from "#domain/shared/clock";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { uuidIds } from "#infrastructure/auth/crypto-secret-tokens";
import type { PhotoStore } from "#domain/property-management/photo-store.port";
import type { PublicPages } from "#domain/shared/public-pages.port";
import {
  KyselyManagedPropertyRepository,
  kyselyAdminPropertyUnitOfWork,
  kyselyPropertyManagementUnitOfWork,
} from "#infrastructure/repositories/kysely-managed-property-repository";

export type PropertyManagementModule = PropertyManagementDeps & AdminPropertyDeps;

export function createPropertyManagementModule(
  database: DatabaseHandle,
  photos: PhotoStore,
  publicPages: PublicPages,
): PropertyManagementModule {
  return {
    uow: kyselyPropertyManagementUnitOfWork(database.db, database.dialect),
    adminUow: kyselyAdminPropertyUnitOfWork(database.db, database.dialect),
    properties: new KyselyManagedPropertyRepository(database.db),
    photos,
    clock: systemClock,
    ids: uuidIds,
    publicPages,
  };
}
