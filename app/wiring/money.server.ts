// Wiring of the money module: visit bookings, subscriptions, mobile-money payments (Fapshi or the
// simulated provider), viewing outcomes and commissions, plus the read models the money pages
// show (a student's bookings and payments, an agent's bookings, viewings to confirm).
// Composed into Services (as `money`) by app/services.server.ts, the composition root.
import type { Kysely } from "kysely";
import type { BookVisitDeps } from "../../domain/booking/book-visit.use-case";
import type { BookingLifecycleDeps } from "../../domain/booking/booking-lifecycle.use-cases";
import type { BookingPropertyReader } from "../../domain/booking/booking-property-reader.port";
import type { BookingRepository } from "../../domain/booking/booking-repository.port";
import type { AgentEarningsDeps } from "../../domain/commission/agent-earnings.query";
import type { RecordViewingOutcomeDeps } from "../../domain/commission/record-viewing-outcome.use-case";
import type { VoidCommissionDeps } from "../../domain/commission/void-commission.use-case";
import { handleWebhook } from "../../domain/payment/handle-webhook.use-case";
import type { PaymentDeps, PaymentSuccessHandler } from "../../domain/payment/payment-deps";
import {
  PaymentGatewayError,
  type PaymentGateway,
  type ProviderStatus,
} from "../../domain/payment/payment-gateway.port";
import type { PaymentType } from "../../domain/payment/payment.entity";
import { reconcilePendingPayments, type ReconcileReport } from "../../domain/payment/reconcile-pending-payments.use-case";
import { realSleep, type Sleep } from "../../domain/payment/retry";
import { systemClock, type Clock } from "../../domain/shared/clock";
import type { PlatformAccessRepository } from "../../domain/guest-house-access/platform-access-repository.port";
import { KyselyPlatformAccessRepository } from "../../infrastructure/repositories/kysely-platform-access-repository";
import type { IdGenerator, ReferenceGenerator } from "../../domain/shared/ids";
import type { SubscriptionRepository } from "../../domain/subscription/subscription-repository.port";
import type { Config } from "../../infrastructure/config/config";
import type { DatabaseHandle } from "../../infrastructure/db/connection";
import type { Database } from "../../infrastructure/db/schema";
import { cryptoIds } from "../../infrastructure/payments/crypto-reference-generator";
import { createPaymentGateway } from "../../infrastructure/payments/payment-gateway-factory";
import type { SimulatedCheckout } from "../../infrastructure/payments/simulated-payment-gateway";
import { webhookSecretMatches } from "../../infrastructure/payments/webhook-secret";
import { KyselyAgentEarningsReader } from "../../infrastructure/repositories/kysely-agent-earnings-reader";
import { kyselyCommissionAdminUnitOfWork } from "../../infrastructure/repositories/kysely-commission-repository";
import { createKyselyMoneyStore } from "../../infrastructure/repositories/kysely-money-unit-of-work";

/** The simulated provider's checkout, for /simulated-checkout/$transId (demo and tests only). */
export interface SimulatedCheckoutPort {
  findCheckout(transId: string): Promise<SimulatedCheckout | null>;
  /** The payer approves (numbers ending in 000 are declined); reports through the webhook handling. */
  approve(transId: string): Promise<ProviderStatus>;
  decline(transId: string): Promise<ProviderStatus>;
}
export type { SimulatedCheckout };

// ── Read models ────────────────────────────────────────────────────────────────────────────────

export interface StudentBookingView {
  id: string;
  reference: string;
  propertyId: string;
  propertyTitle: string;
  agentId: string;
  visitDate: string;
  visitTime: string;
  bookingStatus: string;
  paymentStatus: string;
  paymentAmount: number;
  viewingOutcome: "confirmed" | "no_show" | null;
  /** ISO time the pending hold ends, or null. */
  holdExpiresAt: string | null;
  /** The visit lifecycle (decision 0117). */
  agentResponse: string;
  proposedVisitDate: string | null;
  proposedVisitTime: string | null;
  cancelledBy: string | null;
  cancelReason: string | null;
  createdAt: string;
}

export interface StudentPaymentView {
  reference: string;
  type: string;
  amount: number;
  status: string;
  method: string | null;
  bookingReference: string | null;
  createdAt: string;
}

export interface AgentBookingView {
  id: string;
  reference: string;
  propertyId: string;
  propertyTitle: string;
  visitorName: string;
  visitorEmail: string;
  visitorPhone: string;
  visitDate: string;
  visitTime: string;
  message: string;
  bookingStatus: string;
  paymentStatus: string;
  viewingOutcome: "confirmed" | "no_show" | null;
  agentResponse: string;
  proposedVisitDate: string | null;
  proposedVisitTime: string | null;
  cancelledBy: string | null;
  cancelReason: string | null;
  createdAt: string;
}

/** The agent's bookings screen filters (decision 0117). */
export const AGENT_BOOKING_FILTERS = ["awaiting", "proposed", "accepted", "cancelled", "visited"] as const;
export type AgentBookingFilter = (typeof AGENT_BOOKING_FILTERS)[number];
export const AGENT_BOOKINGS_PAGE_SIZE = 10;

export interface AgentBookingsQuery {
  propertyId?: string;
  visitDate?: string;
  status?: AgentBookingFilter;
  page: number;
}

export interface AgentBookingsPage {
  items: AgentBookingView[];
  total: number;
  page: number;
  pageCount: number;
  /** The agent's properties with a paid booking, for the property filter. */
  properties: BookablePropertyRef[];
}

export interface BookablePropertyRef {
  id: string;
  title: string;
}

/** Read paths of the money pages: view models straight from the database (writes go through use cases). */
export interface MoneyViews {
  studentBookings(studentId: string, limit?: number): Promise<StudentBookingView[]>;
  studentPayments(userId: string, limit?: number): Promise<StudentPaymentView[]>;
  /** The student's newest pending booking whose hold has not lapsed at `at`, or null. */
  latestPendingBooking(studentId: string, at: Date): Promise<StudentBookingView | null>;
  /** Confirmed bookings whose visit day is `today` or earlier and that have no outcome yet, newest visit first. */
  viewingsToConfirm(studentId: string, today: string): Promise<StudentBookingView[]>;
  /** One of the student's bookings by id (null when it is not theirs). */
  studentBooking(studentId: string, bookingId: string): Promise<StudentBookingView | null>;
  /** Paid or subscription-covered bookings on the agent's listings, newest first, 10 a page, filtered. */
  agentBookings(agentId: string, query: AgentBookingsQuery): Promise<AgentBookingsPage>;
  /** The first visible, verified, available listing (the /test-booking debug page). */
  firstBookableProperty(): Promise<BookablePropertyRef | null>;
}

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
  /** For the visit lifecycle: the agent's answer, the student's cancel/reschedule, an admin's cancel. */
  lifecycle: BookingLifecycleDeps;
  /** For voidCommission (admins; the screen comes with the admin pages). */
  commissionAdmin: VoidCommissionDeps;
  /** For getAgentEarnings (the agent's earnings page). */
  earnings: AgentEarningsDeps;
  /** For getSubscriptionStatus. */
  subscriptions: { subscriptions: SubscriptionRepository; clock: Clock };
  /** For getPlatformAccess (the guest-house access fee). */
  platformAccess: { platformAccess: PlatformAccessRepository; clock: Clock };
  properties: BookingPropertyReader;
  views: MoneyViews;
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
          ((error, transId) => console.error(`[payments] simulated notification for ${transId} failed:`, error instanceof Error ? error.message : error)),
      });

  const payments: PaymentDeps = {
    uow: store.uow,
    repos: store.repos,
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
    logPayment({ event: "simulated_notification", transId, ok: result.ok, ...(result.ok ? { status: result.value.status } : { code: result.error.code }) });
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
    commissionAdmin: { uow: kyselyCommissionAdminUnitOfWork(database.db), clock, ids },
    earnings: { earnings: new KyselyAgentEarningsReader(database.db), clock },
    subscriptions: { subscriptions: store.repos.subscriptions, clock },
    platformAccess: { platformAccess: new KyselyPlatformAccessRepository(database.db), clock },
    properties: store.properties,
    views: createMoneyViews(database.db),
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

/** One JSON line per payment event worth keeping in the server log. */
export function logPayment(entry: Record<string, unknown>): void {
  console.info(`[payments] ${JSON.stringify({ at: new Date().toISOString(), ...entry })}`);
}

/**
 * Runs `reconcile` every `intervalMs` (never two sweeps at once; errors are logged, the next tick
 * tries again). Returns the function that stops it.
 */
export function startReconciliationJob(money: Pick<MoneyModule, "reconcile">, intervalMs: number): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = money
      .reconcile()
      .then((report) => {
        if (report.checked > 0) logPayment({ event: "reconciled", ...report });
      })
      .catch((error: unknown) => console.error("[payments] reconciliation failed:", error instanceof Error ? (error.stack ?? error.message) : error))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref?.();
  return async () => {
    clearInterval(timer);
    if (running) await running;
  };
}

// ── Kysely read models ─────────────────────────────────────────────────────────────────────────

function createMoneyViews(db: Kysely<Database>): MoneyViews {
  const studentBookingQuery = () =>
    db
      .selectFrom("bookings as b")
      .innerJoin("properties as p", "p.id", "b.property_id")
      .select([
        "b.id",
        "b.booking_reference",
        "b.property_id",
        "p.title",
        "p.agent_id",
        "b.visit_date",
        "b.visit_time",
        "b.booking_status",
        "b.payment_status",
        "b.payment_amount",
        "b.viewing_outcome",
        "b.hold_expires_at",
        "b.agent_response",
        "b.proposed_visit_date",
        "b.proposed_visit_time",
        "b.cancelled_by",
        "b.cancel_reason",
        "b.created_at",
      ]);
  type StudentRow = Awaited<ReturnType<ReturnType<typeof studentBookingQuery>["executeTakeFirstOrThrow"]>>;
  const toStudentBooking = (r: StudentRow): StudentBookingView => ({
    id: r.id,
    reference: r.booking_reference,
    propertyId: r.property_id,
    propertyTitle: r.title,
    agentId: r.agent_id,
    visitDate: r.visit_date,
    visitTime: r.visit_time,
    bookingStatus: r.booking_status,
    paymentStatus: r.payment_status,
    paymentAmount: Number(r.payment_amount),
    viewingOutcome: r.viewing_outcome,
    holdExpiresAt: r.hold_expires_at,
    agentResponse: r.agent_response,
    proposedVisitDate: r.proposed_visit_date,
    proposedVisitTime: r.proposed_visit_time,
    cancelledBy: r.cancelled_by,
    cancelReason: r.cancel_reason,
    createdAt: r.created_at,
  });

  return {
    async studentBookings(studentId, limit = 20) {
      const rows = await studentBookingQuery()
        .where("b.student_id", "=", studentId)
        .orderBy("b.created_at", "desc")
        .orderBy("b.id", "desc")
        .limit(limit)
        .execute();
      return rows.map(toStudentBooking);
    },

    async studentPayments(userId, limit = 20) {
      const rows = await db
        .selectFrom("payments as pay")
        .leftJoin("bookings as b", "b.id", "pay.booking_id")
        .select(["pay.reference", "pay.payment_type", "pay.amount", "pay.payment_status", "pay.method", "pay.created_at", "b.booking_reference"])
        .where("pay.user_id", "=", userId)
        .orderBy("pay.created_at", "desc")
        .orderBy("pay.id", "desc")
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        reference: r.reference,
        type: r.payment_type,
        amount: Number(r.amount),
        status: r.payment_status,
        method: r.method,
        bookingReference: r.booking_reference ?? null,
        createdAt: r.created_at,
      }));
    },

    async latestPendingBooking(studentId, at) {
      const row = await studentBookingQuery()
        .where("b.student_id", "=", studentId)
        .where("b.booking_status", "=", "pending")
        .where("b.hold_expires_at", ">", at.toISOString())
        .orderBy("b.created_at", "desc")
        .orderBy("b.id", "desc")
        .executeTakeFirst();
      return row ? toStudentBooking(row) : null;
    },

    async viewingsToConfirm(studentId, today) {
      const rows = await studentBookingQuery()
        .where("b.student_id", "=", studentId)
        .where("b.booking_status", "=", "confirmed")
        .where("b.viewing_outcome", "is", null)
        .where("b.visit_date", "<=", today)
        .orderBy("b.visit_date", "desc")
        .orderBy("b.id", "desc")
        .limit(50)
        .execute();
      return rows.map(toStudentBooking);
    },

    async studentBooking(studentId, bookingId) {
      const row = await studentBookingQuery().where("b.student_id", "=", studentId).where("b.id", "=", bookingId).executeTakeFirst();
      return row ? toStudentBooking(row) : null;
    },

    async agentBookings(agentId, query) {
      // What the agent acts on: visits paid for or covered by a subscription (isVisibleToAgent),
      // whatever happened to them since (accepted, moved, cancelled, visited).
      let base = db
        .selectFrom("bookings as b")
        .innerJoin("properties as p", "p.id", "b.property_id")
        .where("p.agent_id", "=", agentId)
        .where("b.payment_status", "=", "confirmed");
      if (query.propertyId) base = base.where("b.property_id", "=", query.propertyId);
      if (query.visitDate) base = base.where("b.visit_date", "=", query.visitDate);
      if (query.status === "cancelled") base = base.where("b.booking_status", "=", "cancelled");
      else if (query.status === "visited") base = base.where("b.viewing_outcome", "is not", null);
      else if (query.status) {
        base = base.where("b.booking_status", "=", "confirmed").where("b.viewing_outcome", "is", null).where("b.agent_response", "=", query.status);
      }
      const [{ n }] = await base.select((eb) => eb.fn.countAll<number | string>().as("n")).execute();
      const total = Number(n);
      const pageCount = Math.max(1, Math.ceil(total / AGENT_BOOKINGS_PAGE_SIZE));
      const page = Math.min(Math.max(1, query.page), pageCount);
      const rows = await base
        .select([
          "b.id",
          "b.booking_reference",
          "b.property_id",
          "p.title",
          "b.visitor_name",
          "b.visitor_email",
          "b.visitor_phone",
          "b.visit_date",
          "b.visit_time",
          "b.message",
          "b.booking_status",
          "b.payment_status",
          "b.viewing_outcome",
          "b.agent_response",
          "b.proposed_visit_date",
          "b.proposed_visit_time",
          "b.cancelled_by",
          "b.cancel_reason",
          "b.created_at",
        ])
        .orderBy("b.created_at", "desc")
        .orderBy("b.id", "desc")
        .limit(AGENT_BOOKINGS_PAGE_SIZE)
        .offset((page - 1) * AGENT_BOOKINGS_PAGE_SIZE)
        .execute();
      const properties = await db
        .selectFrom("properties as p")
        .select(["p.id", "p.title"])
        .where("p.agent_id", "=", agentId)
        .where((eb) => eb.exists(eb.selectFrom("bookings as b").select("b.id").whereRef("b.property_id", "=", "p.id").where("b.payment_status", "=", "confirmed")))
        .orderBy("p.title")
        .orderBy("p.id")
        .execute();
      return {
        total,
        page,
        pageCount,
        properties,
        items: rows.map((r) => ({
          id: r.id,
          reference: r.booking_reference,
          propertyId: r.property_id,
          propertyTitle: r.title,
          visitorName: r.visitor_name,
          visitorEmail: r.visitor_email,
          visitorPhone: r.visitor_phone,
          visitDate: r.visit_date,
          visitTime: r.visit_time,
          message: r.message,
          bookingStatus: r.booking_status,
          paymentStatus: r.payment_status,
          viewingOutcome: r.viewing_outcome,
          agentResponse: r.agent_response,
          proposedVisitDate: r.proposed_visit_date,
          proposedVisitTime: r.proposed_visit_time,
          cancelledBy: r.cancelled_by,
          cancelReason: r.cancel_reason,
          createdAt: r.created_at,
        })),
      };
    },

    async firstBookableProperty() {
      const row = await db
        .selectFrom("properties")
        .select(["id", "title"])
        .where("is_verified", "=", 1)
        .where("is_available", "=", 1)
        .where("status", "=", "available")
        .where("hidden_at", "is", null)
        .orderBy("created_at", "asc")
        .orderBy("id", "asc")
        .executeTakeFirst();
      return row ?? null;
    },
  };
}
