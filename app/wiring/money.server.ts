// Wiring of the money module: visit bookings, subscriptions, mobile-money payments (Fapshi or the
// simulated provider), viewing outcomes and commissions, plus the read models the money pages
// show (a student's bookings and payments, an agent's bookings, viewings to confirm).
// Composed into Services (as `money`) by app/services.server.ts, the composition root.
import type { AuditLog } from "#domain/accounts/audit-log.port";
import { startIntervalJob } from "./interval-job.server";
import type { JobLeases } from "#infrastructure/jobs/kysely-job-leases";
import type { PaymentLedger } from "#domain/payment/payment-ledger.port";
import { KyselyAccountAuditLog } from "#infrastructure/repositories/kysely-account-audit-log";
import { KyselyPaymentLedger } from "#infrastructure/repositories/kysely-payment-ledger";
import type { BookVisitDeps } from "#domain/booking/book-visit.use-case";
import type { AdminBookingsReader } from "#domain/booking/admin-bookings.port";
import type { AdminCancelVisitDeps, BookingLifecycleDeps } from "#domain/booking/booking-lifecycle.use-cases";
import { KyselyAdminBookingsReader } from "#infrastructure/repositories/kysely-admin-bookings-reader";
import type { BookingPropertyReader } from "#domain/booking/booking-property-reader.port";
import type { BookingRepository } from "#domain/booking/booking-repository.port";
import type { AgentEarningsDeps } from "#domain/commission/agent-earnings.query";
import type { RecordViewingOutcomeDeps } from "#domain/commission/record-viewing-outcome.use-case";
import type { VoidCommissionDeps } from "#domain/commission/void-commission.use-case";
import type { PayOutCommissionsDeps } from "#domain/commission/pay-out-commissions.use-case";
import type { PlatformStatsDeps } from "#domain/platform-stats/platform-stats.query";
import { KyselyPlatformStatsReader } from "#infrastructure/repositories/kysely-platform-stats-reader";
import { handleWebhook } from "#domain/payment/handle-webhook.use-case";
import type { PaymentDeps, PaymentSuccessHandler } from "#domain/payment/payment-deps";
import { PaymentGatewayError, type PaymentGateway, type ProviderStatus } from "#domain/payment/payment-gateway.port";
import type { MoneyViewsReader } from "#domain/payment/money-views-reader.port";
import type { PaymentType } from "#domain/payment/payment.entity";
import { reconcilePendingPayments, type ReconcileReport } from "#domain/payment/reconcile-pending-payments.use-case";
import { realSleep, type Sleep } from "#domain/payment/retry";
import { systemClock, type Clock } from "#domain/shared/clock";
import type { PlatformAccessRepository } from "#domain/guest-house-access/platform-access-repository.port";
import type { IdGenerator, ReferenceGenerator } from "#domain/shared/ids";
import type { SubscriptionRepository } from "#domain/subscription/subscription-repository.port";
import type { Config } from "#infrastructure/config/config";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { cryptoIds } from "#infrastructure/payments/crypto-reference-generator";
import { createPaymentGateway } from "#infrastructure/payments/payment-gateway-factory";
import type { SimulatedCheckout } from "#infrastructure/payments/simulated-payment-gateway";
import { webhookSecretMatches } from "#infrastructure/payments/webhook-secret";
import { KyselyAgentEarningsReader } from "#infrastructure/repositories/kysely-agent-earnings-reader";
import { kyselyCommissionAdminUnitOfWork } from "#infrastructure/repositories/kysely-commission-repository";
import { createKyselyMoneyStore } from "#infrastructure/repositories/kysely-money-unit-of-work";
import { KyselyMoneyViewsReader } from "#infrastructure/repositories/kysely-money-views-reader";
import { logger } from "#infrastructure/logging/logger";

/** The simulated provider's checkout, for /simulated-checkout/$transId (demo and tests only). */
export interface SimulatedCheckoutPort {
  findCheckout(transId: string): Promise<SimulatedCheckout | null>;
  /** The payer approves (numbers ending in 000 are declined); reports through the webhook handling. */
  approve(transId: string): Promise<ProviderStatus>;
  decline(transId: string): Promise<ProviderStatus>;
}
export type { SimulatedCheckout };

export interface MoneyModule {
  /** For bookVisit and availableSlots (deps.bookings through booking.uow, or `bookings` below). */
  booking: BookVisitDeps & { bookings: BookingRepository };
  /** For startPayment, verifyPayment, handleWebhook and reconcilePendingPayments. */
  payments: PaymentDeps;
  /**
   * The same, for requests a person is waiting on (the return page and its polls, the webhook):
   * status calls are cut off after 2 s and the back-off starts at 1 s (1 s, then 2 s), so three
   * attempts stay under about 9 s. See docs/decisions/0107-money-pages.md.
   */
  interactivePayments: PaymentDeps;
  /** For recordViewingOutcome. */
  viewings: RecordViewingOutcomeDeps;
  /** The admin's payments page: filtered pages and statistics by gateway. */
  ledger: PaymentLedger;
  /** For recheckPayment (the admin's "check again with the provider"): the interactive timeouts, and the audit log. */
  recheck: PaymentDeps & { audit: AuditLog };
  /** For voidCommission and payOutCommissions (the admin's weekly payout run on /admin/reports). */
  commissionAdmin: VoidCommissionDeps & PayOutCommissionsDeps;
  /** For getDashboardStats and getReportsStats (/admin/dashboard, /admin/reports). */
  platformStats: PlatformStatsDeps;
  /** For the visit lifecycle: the agent's answer, the student's cancel/reschedule, an admin's cancel. */
  lifecycle: BookingLifecycleDeps;
  /** The admin's bookings (/admin/bookings): the filtered list and its CSV, and cancelVisitAsAdmin (with its audit row). */
  bookingAdmin: AdminCancelVisitDeps & { reader: AdminBookingsReader };
  /** For getAgentEarnings (the agent's earnings page). */
  earnings: AgentEarningsDeps;
  /** For getSubscriptionStatus. */
  subscriptions: { subscriptions: SubscriptionRepository; clock: Clock };
  /** For getPlatformAccess (the guest-house access fee). */
  platformAccess: { platformAccess: PlatformAccessRepository; clock: Clock };
  properties: BookingPropertyReader;
  views: MoneyViewsReader;
  /** Set only when PAYMENT_PROVIDER=simulated. */
  simulated: SimulatedCheckoutPort | null;
  /** The configured payment gateway's name: 'fapshi' or 'simulated'. */
  gatewayName: string;
  /** Whether a webhook's x-wh-secret is acceptable: compared in constant time when a secret is set; any value otherwise. */
  webhookAuthorized(received: string | null): boolean;
  /** One reconciliation sweep (the server runs it every PAYMENTS_RECONCILE_INTERVAL_MS). */
  reconcile(): Promise<ReconcileReport>;
  clock: Clock;
}

export interface MoneyWiringOptions {
  clock?: Clock;
  ids?: IdGenerator & ReferenceGenerator;
  /** Effects of payment types owned by other modules (guest_house_access). */
  successHandlers?: Partial<Record<PaymentType, PaymentSuccessHandler>>;
  sleep?: Sleep;
  /** Replaces the configured gateway (tests). */
  gateway?: PaymentGateway;
  /** Where a failed webhook notification of the simulated provider is reported. */
  onNotifyError?: (error: unknown, transId: string) => void;
}

export const INTERACTIVE_STATUS_TIMEOUT_MS = 2000;

/** A gateway whose status calls give up after `ms` (a 'timeout', which the use cases report as such). */
function withStatusTimeout(gateway: PaymentGateway, ms: number): PaymentGateway {
  return {
    name: gateway.name,
    initiate: (request, signal) => gateway.initiate(request, signal),
    expire: (transId) => gateway.expire(transId),
    getStatus: (transId) => withinMs(gateway.getStatus(transId), ms),
    findByReference: (query) => withinMs(gateway.findByReference(query), ms),
  };
}

function withinMs<T>(call: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PaymentGatewayError("timeout", `No payment status within ${ms} ms`)), ms);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}

export function createMoneyModule(config: Config, database: DatabaseHandle, options: MoneyWiringOptions = {}): MoneyModule {
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? cryptoIds;
  const sleep = options.sleep ?? realSleep;
  const store = createKyselyMoneyStore(database);

  // The simulated provider reports a decision through the same handling as a Fapshi webhook:
  // handleWebhook re-reads the status from the provider and applies it idempotently.
  let notify: (transId: string) => Promise<void> = async () => {};
  const choice = options.gateway
    ? { gateway: options.gateway, simulated: undefined }
    : createPaymentGateway(config, {
        db: database.db,
        clock,
        onStatusChange: (transId) => notify(transId),
        onNotifyError:
          options.onNotifyError ??
          ((error, transId) => logger.error({ err: error, transId }, `[payments] simulated notification for ${transId} failed`)),
      });

  const payments: PaymentDeps = {
    uow: store.uow,
    repos: store.repos,
    properties: store.properties,
    gateway: choice.gateway,
    clock,
    ids,
    references: ids,
    successHandlers: options.successHandlers,
    sleep,
  };
  const interactivePayments: PaymentDeps = {
    ...payments,
    gateway: withStatusTimeout(choice.gateway, INTERACTIVE_STATUS_TIMEOUT_MS),
    // retryWithBackoff waits 2^n × 1 s; halved, the waits are 1 s then 2 s.
    sleep: (ms) => sleep(ms / 2),
  };

  notify = async (transId) => {
    const result = await handleWebhook(interactivePayments, { transId });
    logPayment({
      event: "simulated_notification",
      transId,
      ok: result.ok,
      ...(result.ok ? { status: result.value.status } : { code: result.error.code }),
    });
  };

  const secret = config.payments.fapshi.webhookSecret;
  const simulated = choice.simulated ?? null;

  return {
    booking: {
      uow: store.uow,
      properties: store.properties,
      clock,
      ids,
      references: ids,
      bookings: store.repos.bookings,
      maxLiveBookings: config.maxLiveVisitBookings,
    },
    payments,
    interactivePayments,
    viewings: { uow: store.uow, properties: store.properties, clock, ids },
    lifecycle: { uow: store.uow, bookings: store.repos.bookings, properties: store.properties, clock },
    bookingAdmin: {
      uow: store.auditedUow,
      bookings: store.repos.bookings,
      properties: store.properties,
      clock,
      ids,
      reader: new KyselyAdminBookingsReader(database.db),
    },
    commissionAdmin: { uow: kyselyCommissionAdminUnitOfWork(database.db), clock, ids },
    ledger: new KyselyPaymentLedger(database.db),
    recheck: { ...interactivePayments, audit: new KyselyAccountAuditLog(database.db) },
    platformStats: { stats: new KyselyPlatformStatsReader(database.db), clock },
    earnings: { earnings: new KyselyAgentEarningsReader(database.db), clock },
    subscriptions: { subscriptions: store.repos.subscriptions, clock },
    platformAccess: { platformAccess: store.repos.platformAccess, clock },
    properties: store.properties,
    views: new KyselyMoneyViewsReader(database.db),
    simulated: simulated
      ? {
          findCheckout: (transId) => simulated.findCheckout(transId),
          approve: (transId) => simulated.approve(transId),
          decline: (transId) => simulated.decline(transId),
        }
      : null,
    gatewayName: choice.gateway.name,
    webhookAuthorized: (received) => (secret ? webhookSecretMatches(received, secret) : true),
    reconcile: () => reconcilePendingPayments(payments),
    clock,
  };
}

/** One log line per payment event worth keeping, its fields under `payment`. */
export function logPayment(entry: Record<string, unknown>): void {
  logger.info({ payment: entry }, `[payments] ${String(entry.event)}`);
}

/**
 * Runs `reconcile` every `intervalMs` (never two sweeps at once; with leases, once per period
 * across instances; errors are logged, the next tick tries again). Returns the function that stops it.
 */
export function startReconciliationJob(money: Pick<MoneyModule, "reconcile">, intervalMs: number, leases?: JobLeases): () => Promise<void> {
  return startIntervalJob({
    name: "payments-reconciliation",
    intervalMs,
    leases,
    run: async () => {
      const report = await money.reconcile();
      if (report.checked > 0) logPayment({ event: "reconciled", ...report });
    },
    onError: (error: unknown) => logger.error({ job: "payments-reconciliation", err: error }, "[payments] reconciliation failed"),
  });
}
