// Wiring of the agent portal's property management (domain/property-management): the Kysely
// repository and transaction (and the admin's edit with its audit row), and photo files under
// STORAGE_DIR. Composed into Services as `properties`.
import type { AdminPropertyDeps, PropertyManagementDeps } from "../../domain/property-management/manage-property.use-cases";
import { systemClock } from "../../domain/shared/clock";
import type { Config } from "../../infrastructure/config/config";
import type { DatabaseHandle } from "../../infrastructure/db/connection";
import { uuidIds } from "../../infrastructure/auth/crypto-secret-tokens";
import { PhotoFileStore } from "../../infrastructure/photos/photo-file-store";
import {
  KyselyManagedPropertyRepository,
  kyselyAdminPropertyUnitOfWork,
  kyselyPropertyManagementUnitOfWork,
} from "../../infrastructure/repositories/kysely-managed-property-repository";

export type PropertyManagementModule = PropertyManagementDeps & AdminPropertyDeps;

export function createPropertyManagementModule(config: Config, database: DatabaseHandle): PropertyManagementModule {
  return {
    uow: kyselyPropertyManagementUnitOfWork(database.db, database.dialect),
    adminUow: kyselyAdminPropertyUnitOfWork(database.db, database.dialect),
    properties: new KyselyManagedPropertyRepository(database.db),
    photos: new PhotoFileStore(config.storageDir),
    clock: systemClock,
    ids: uuidIds,
  };
}
