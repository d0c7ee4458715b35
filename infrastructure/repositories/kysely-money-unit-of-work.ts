// The money path over Kysely: repositories bound to a connection or a transaction, and the unit
// of work that opens a transaction. One code path for SQLite and PostgreSQL; the dialect only
// decides whether row locks are taken (SQLite's transactions already queue on one connection).
import type { Kysely } from "kysely";
import type { AuditLog } from "#domain/accounts/audit-log.port";
import type { MoneyRepos } from "#domain/payment/money-unit-of-work";
import type { UnitOfWork } from "#domain/shared/transaction";
import type { Dialect } from "../db/connection";
import type { Database } from "../db/schema";
import { KyselyAccountAuditLog } from "./kysely-account-audit-log";
import { KyselyBookingNoticeOutbox } from "./kysely-booking-notice-outbox";
import { KyselyBookingPropertyReader } from "./kysely-booking-property-reader";
import { KyselyBookingRepository } from "./kysely-booking-repository";
import { KyselyCommissionRepository } from "./kysely-commission-repository";
import { KyselyPlatformAccessRepository } from "./kysely-platform-access-repository";
import { KyselyPaymentRepository } from "./kysely-payment-repository";
import { KyselySubscriptionRepository } from "./kysely-subscription-repository";

export function createKyselyMoneyRepos(db: Kysely<Database>, dialect: Dialect): MoneyRepos {
  return {
    bookings: new KyselyBookingRepository(db),
    payments: new KyselyPaymentRepository(db, dialect),
    subscriptions: new KyselySubscriptionRepository(db, dialect),
    commissions: new KyselyCommissionRepository(db),
    notices: new KyselyBookingNoticeOutbox(db),
    platformAccess: new KyselyPlatformAccessRepository(db),
  };
}

export class KyselyMoneyUnitOfWork implements UnitOfWork<MoneyRepos> {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  run<T>(work: (repos: MoneyRepos) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(createKyselyMoneyRepos(trx, this.dialect)));
  }
}

/** The money repositories and the audit log in one transaction (an admin's change to a booking and its audit row). */
export class KyselyAuditedMoneyUnitOfWork implements UnitOfWork<MoneyRepos & { audit: AuditLog }> {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  run<T>(work: (repos: MoneyRepos & { audit: AuditLog }) => Promise<T>): Promise<T> {
    return this.db
      .transaction()
      .execute((trx) => work({ ...createKyselyMoneyRepos(trx, this.dialect), audit: new KyselyAccountAuditLog(trx) }));
  }
}

/** Everything the money use cases need from the database, for the composition root. */
export function createKyselyMoneyStore(handle: { db: Kysely<Database>; dialect: Dialect }) {
  return {
    uow: new KyselyMoneyUnitOfWork(handle.db, handle.dialect),
    auditedUow: new KyselyAuditedMoneyUnitOfWork(handle.db, handle.dialect),
    repos: createKyselyMoneyRepos(handle.db, handle.dialect),
    properties: new KyselyBookingPropertyReader(handle.db),
  };
}
