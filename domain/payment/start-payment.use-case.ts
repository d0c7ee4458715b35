// Starting a payment: the amount comes from the purchase on the server, the payment and its
// 'created' event are written first (so a crash mid-call leaves a trace the reconciler can see),
// then the provider is called outside any transaction (it may take 30 s), then the outcome is
// written with its event. A failure leaves the booking pending with its slot held until the hold
// set at booking time ends: the student retries, and the retry is a new payment for the same
// booking. A payment attempt never extends the hold (see docs/decisions/0108): otherwise one
// account could keep a slot from everyone else for ever by retrying every 29 minutes. A retry (or
// a second start after going back) first closes the earlier open checkout of the same purpose at
// the provider, so one visit cannot be paid twice (replace-earlier-checkouts.ts, decision 0184).
import { err, ok, domainError, type Result } from "../shared/result";
import { holdHasLapsed } from "../booking/booking.entity";
import { agentOffersVisits } from "../booking/booking-property-reader.port";
import type { PaymentDeps } from "./payment-deps";
import { PaymentGatewayError, type InitiatePaymentResult } from "./payment-gateway.port";
import { normalisePaymentPhone } from "./payment-phone";
import { PAYMENT_INIT_TIMEOUT_MS, PAYMENT_PRICES, isPaymentMethod, type Payment, type PaymentType } from "./payment.entity";
import type { PaymentError, PaymentErrorCode } from "./payment.errors";
import type { MoneyRepos } from "./money-unit-of-work";
import { paymentPurpose } from "./payment-purpose";
import { openReplacingEarlierCheckouts } from "./replace-earlier-checkouts";

export const PAYMENT_REFERENCE_PREFIX = "PAY";

export type Purchase =
  /** A pending visit booking, by its reference or id: the payment buys the subscription and confirms it. */
  | { kind: "booking"; booking: string }
  /** A subscription bought on its own, from /subscription-payment. */
  | { kind: "subscription" }
  /** The platform access fee; the house the payer came from, or null (a renewal from the profile). */
  | { kind: "guest_house_access"; guestHouseId: string | null }
  | { kind: "test" };

export interface StartPaymentInput {
  user: { id: string; email: string; fullName?: string | null };
  purchase: Purchase;
  method?: string | null;
  phone?: string | null;
}

export interface StartPaymentOutput {
  paymentId: string;
  reference: string;
  /** Where to send the payer next. */
  checkoutUrl: string;
}

interface Priced {
  type: PaymentType;
  amount: number;
  bookingId: string | null;
  guestHouseId: string | null;
  message: string;
}

export async function startPayment(deps: PaymentDeps, input: StartPaymentInput): Promise<Result<StartPaymentOutput, PaymentError>> {
  const method = input.method?.trim() ?? "";
  if (!isPaymentMethod(method)) return err(domainError("payment.method_required"));
  const phone = normalisePaymentPhone(input.phone);
  if (!phone.ok) return phone;

  const now = deps.clock.now();
  const priced = await price(deps, input);
  if (!priced.ok) return priced;
  const { type, amount, bookingId, guestHouseId, message } = priced.value;
  if (!Number.isInteger(amount) || amount <= 0) return err(domainError("payment.invalid_amount"));

  const payment: Payment & { purpose: string } = {
    id: deps.ids.id(),
    userId: input.user.id,
    gateway: deps.gateway.name,
    status: "pending",
    type,
    amount,
    currency: "XAF",
    method,
    phone: phone.value.international,
    reference: deps.references.reference(PAYMENT_REFERENCE_PREFIX),
    providerTxId: null,
    checkoutUrl: null,
    bookingId,
    guestHouseId,
    failureReason: null,
    confirmedAt: null,
    createdAt: now,
    updatedAt: now,
    purpose: paymentPurpose({ type, userId: input.user.id, bookingId }),
    purchaseId: null, // decided when it is written, beside the checkouts it replaces
  };

  const created = await openReplacingEarlierCheckouts(deps, payment, async (repos, withPurchase) => {
    if (bookingId) {
      // Read again inside the transaction: the booking must still be pending and its hold (fixed at
      // booking time) still running. A lapsed hold is not revived by paying: the student rebooks.
      const current = await repos.bookings.findById(bookingId);
      if (!current || current.bookingStatus !== "pending" || holdHasLapsed(current, now)) return false;
    }
    await repos.payments.insertPayment(withPurchase);
    await repos.payments.addPaymentEvent({
      id: deps.ids.id(),
      paymentId: payment.id,
      type: "created",
      data: { amount, type, method, bookingId, guestHouseId, gateway: payment.gateway },
      createdAt: now,
    });
    return true;
  });
  if (!created.ok) return created;
  if (!created.value) return err(domainError("payment.booking_expired"));

  let initiated: InitiatePaymentResult;
  try {
    initiated = await withTimeout(
      (signal) =>
        deps.gateway.initiate(
          {
            amount,
            reference: payment.reference,
            userId: payment.userId,
            email: input.user.email,
            customerName: customerName(input.user),
            phone: phone.value.national,
            method,
            message,
          },
          signal,
        ),
      deps.initTimeoutMs ?? PAYMENT_INIT_TIMEOUT_MS,
    );
  } catch (error) {
    const code = initFailureCode(error);
    await deps.uow.run(async (repos) => {
      const at = deps.clock.now();
      // The request may have reached the provider all the same, and its news may already have come
      // back through the webhook (matched by our reference): only a payment still waiting for its
      // transaction is marked failed, so a success that came first is never overwritten.
      const current = await repos.payments.lockById(payment.id);
      const stillWaiting = current !== null && current.status === "pending" && current.providerTxId === null;
      if (stillWaiting) await repos.payments.updatePayment(payment.id, { status: "failed", failureReason: code, updatedAt: at });
      await repos.payments.addPaymentEvent({
        id: deps.ids.id(),
        paymentId: payment.id,
        type: "failed",
        data: {
          source: "initiate",
          applied: stillWaiting,
          code,
          kind: error instanceof PaymentGatewayError ? error.kind : "unexpected",
          message: error instanceof Error ? error.message : String(error),
          httpStatus: error instanceof PaymentGatewayError ? (error.httpStatus ?? null) : null,
        },
        createdAt: at,
      });
    });
    return err(domainError(code));
  }

  await deps.uow.run(async (repos) => {
    const at = deps.clock.now();
    await repos.payments.updatePayment(payment.id, { providerTxId: initiated.transId, checkoutUrl: initiated.checkoutUrl, updatedAt: at });
    await repos.payments.addPaymentEvent({
      id: deps.ids.id(),
      paymentId: payment.id,
      type: "initiated",
      data: { transId: initiated.transId, checkoutUrl: initiated.checkoutUrl },
      createdAt: at,
    });
  });
  return ok({ paymentId: payment.id, reference: payment.reference, checkoutUrl: initiated.checkoutUrl });
}

/** The name the provider shows: the full name, else the e-mail before @, else 'Customer'. */
export function customerName(user: { email: string; fullName?: string | null }): string {
  const full = user.fullName?.trim();
  if (full) return full;
  const local = user.email.split("@")[0]?.trim();
  return local ? local : "Customer";
}

async function price(
  deps: { repos: Pick<MoneyRepos, "bookings">; properties: PaymentDeps["properties"] },
  input: StartPaymentInput,
): Promise<Result<Priced, PaymentError>> {
  const { repos } = deps;
  const purchase = input.purchase;
  switch (purchase.kind) {
    case "booking": {
      const key = purchase.booking.trim();
      const booking = (await repos.bookings.findByReference(key)) ?? (await repos.bookings.findById(key));
      if (!booking || booking.studentId !== input.user.id) return err(domainError("payment.booking_not_found"));
      if (booking.paymentStatus === "confirmed" || booking.bookingStatus === "confirmed")
        return err(domainError("payment.booking_already_paid"));
      if (booking.bookingStatus !== "pending") return err(domainError("payment.booking_expired"));
      // A suspended agent, or one no longer an agent, is paid for no visit (owner-standing.ts). Read
      // here, before the unit of work: on SQLite its transaction holds the one connection.
      const property = await deps.properties.findPropertyForBooking(booking.propertyId);
      if (!property || !agentOffersVisits(property)) return err(domainError("payment.property_unavailable"));
      return ok({
        type: "student_rental",
        amount: booking.paymentAmount,
        bookingId: booking.id,
        guestHouseId: null,
        message: `KamerNest visit booking ${booking.reference}`,
      });
    }
    case "subscription":
      return ok({
        type: "unified_payment",
        amount: PAYMENT_PRICES.unified_payment,
        bookingId: null,
        guestHouseId: null,
        message: "KamerNest 14-day booking access",
      });
    case "guest_house_access":
      if (purchase.guestHouseId !== null && !purchase.guestHouseId.trim()) return err(domainError("payment.guest_house_required"));
      return ok({
        type: "guest_house_access",
        amount: PAYMENT_PRICES.guest_house_access,
        bookingId: null,
        guestHouseId: purchase.guestHouseId?.trim() ?? null,
        message: "KamerNest guest house access",
      });
    case "test":
      return ok({
        type: "test_payment",
        amount: PAYMENT_PRICES.test_payment,
        bookingId: null,
        guestHouseId: null,
        message: "KamerNest test payment",
      });
  }
}

export function initFailureCode(error: unknown): PaymentErrorCode {
  if (!(error instanceof PaymentGatewayError)) return "payment.unknown_error";
  switch (error.kind) {
    case "timeout":
      return "payment.init_timeout";
    case "invalid_response":
      return "payment.invalid_response";
    case "link_missing":
      return "payment.link_missing";
    case "rejected":
    case "server_error":
    case "network":
      return "payment.init_failed";
  }
}

/** Gives the provider `ms` to answer, then aborts the call and fails with a timeout. */
async function withTimeout<T>(call: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new PaymentGatewayError("timeout", `No answer from the payment provider within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([call(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
