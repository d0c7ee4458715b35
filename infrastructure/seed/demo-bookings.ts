// Visit bookings with the money behind them, so the portals look used: paid bookings that
// bought a subscription, bookings made while subscribed, past viewings with their outcome,
// commissions and reviews, one cancelled and one expired booking. student@ gets none.
import type { Insertable } from "kysely";
import type {
  BookingsTable,
  CommissionEarningsTable,
  PaymentEventsTable,
  PaymentsTable,
  PropertiesTable,
  ReviewsTable,
  SubscriptionsTable,
} from "../db/schema";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "#domain/shared/clock";
import { DEMO_AGENTS, DEMO_OTHER_STUDENTS, DEMO_SUBSCRIBER, type DemoPerson } from "./demo-people";
import { profileIdOf } from "./demo-profiles";
import { demoId, demoReference } from "./prng";

// The product's constants (SPEC §9), repeated here so the seed does not depend on use-case modules.
export const SUBSCRIPTION_PRICE_XAF = 8000;
const BOOKING_FEE_XAF = 8000;
const VISITATION_COMMISSION_XAF = 5000;
const SUBSCRIPTION_DAYS = 14;
const HOLD_MS = 30 * MINUTE_MS;
/** The subscriber's current subscription ends this many days after the seed runs. */
export const SUBSCRIBER_DAYS_LEFT = 10;

type Row<T> = Insertable<T>;

export interface DemoBookings {
  payments: Array<Row<PaymentsTable>>;
  paymentEvents: Array<Row<PaymentEventsTable>>;
  subscriptions: Array<Row<SubscriptionsTable>>;
  bookings: Array<Row<BookingsTable>>;
  commissionEarnings: Array<Row<CommissionEarningsTable>>;
  reviews: Array<Row<ReviewsTable>>;
}

interface BookingPlan {
  student: DemoPerson;
  property: Row<PropertiesTable>;
  /** Visit day relative to today (Buea time); moved off weekends. */
  dayOffset: number;
  time: string;
  /** How the booking was paid: by an 8 000 FCFA payment (which bought a subscription), or free under one. */
  paid: "payment" | "subscription" | "failed_payment";
  status: "confirmed" | "cancelled" | "expired";
  outcome?: "confirmed" | "no_show";
  review?: { rating: number; comment: string; reply?: string };
  message?: string;
}

const DOUALA_OFFSET_MS = HOUR_MS; // Buea is UTC+1 all year.

/** A weekday visit date: future dates move forward to Monday, past ones back to Friday. */
function visitDate(now: Date, dayOffset: number): string {
  const day = new Date(now.getTime() + DOUALA_OFFSET_MS + dayOffset * DAY_MS);
  const step = dayOffset >= 0 ? 1 : -1;
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + step);
  return day.toISOString().slice(0, 10);
}

/** 10:00 on a visit date, Buea time, as a UTC instant. */
const visitInstant = (date: string) => Date.parse(`${date}T09:00:00Z`);

export function buildDemoBookings(properties: Array<Row<PropertiesTable>>, now: Date): DemoBookings {
  const mainAgentId = profileIdOf(DEMO_AGENTS[0]);
  const bookable = (p: Row<PropertiesTable>) => p.status === "available" && p.is_verified === 1;
  // agent@'s first listing is left without bookings: the demo and the debug test booking use it.
  const mine = properties
    .filter((p) => p.agent_id === mainAgentId)
    .slice(1)
    .filter(bookable);
  const others = properties.filter((p) => p.agent_id !== mainAgentId).filter(bookable);
  const [sandra, blaise, precious, rodrigue, ashley, franck, vanessa, cyril] = DEMO_OTHER_STUDENTS;
  const sub = DEMO_SUBSCRIBER;
  // The subscriber's current subscription ends SUBSCRIBER_DAYS_LEFT days from now.
  const subscriberStartMs = now.getTime() - (SUBSCRIPTION_DAYS - SUBSCRIBER_DAYS_LEFT) * DAY_MS;

  // Dates are relative to today; times are on the hour between 11 AM and 4 PM, inside every listing's visiting hours.
  const plans: BookingPlan[] = [
    {
      student: sub,
      property: others[0],
      dayOffset: -20,
      time: "11:00 AM",
      paid: "payment",
      status: "confirmed",
      outcome: "confirmed",
      review: {
        rating: 5,
        comment: "The agent was on time and showed me three places in one afternoon. Honest about the water problem in the dry season.",
      },
      message: "I would like to see the flat on a weekday afternoon.",
    },
    {
      student: sub,
      property: mine[0],
      dayOffset: -1,
      time: "3:00 PM",
      paid: "subscription",
      status: "confirmed",
      message: "Please is the water constant?",
    },
    {
      student: sub,
      property: mine[1],
      dayOffset: 3,
      time: "2:00 PM",
      paid: "subscription",
      status: "confirmed",
      message: "I finish lectures at 1 PM, I will come straight from campus.",
    },
    {
      student: sandra,
      property: mine[2],
      dayOffset: -12,
      time: "3:00 PM",
      paid: "payment",
      status: "confirmed",
      outcome: "confirmed",
      review: {
        rating: 4,
        comment: "The room was exactly like the photos. The road is muddy after rain, but the agent warned me.",
        reply: "Thank you Sandra! The council has promised to grade the road before September.",
      },
    },
    { student: sandra, property: mine[3], dayOffset: 2, time: "11:00 AM", paid: "subscription", status: "confirmed" },
    {
      student: blaise,
      property: mine[4],
      dayOffset: -30,
      time: "12:00 PM",
      paid: "payment",
      status: "confirmed",
      outcome: "confirmed",
      review: { rating: 5, comment: "Very professional. No money asked before the visit, receipt given for everything." },
    },
    { student: precious, property: mine[1], dayOffset: -6, time: "11:00 AM", paid: "payment", status: "confirmed", outcome: "no_show" },
    {
      student: rodrigue,
      property: others[1],
      dayOffset: -8,
      time: "4:00 PM",
      paid: "payment",
      status: "confirmed",
      outcome: "confirmed",
      review: { rating: 3, comment: "The studio was fine but the agent came forty minutes late." },
    },
    {
      student: ashley,
      property: mine[5],
      dayOffset: 4,
      time: "1:00 PM",
      paid: "payment",
      status: "cancelled",
      message: "My parents will come with me.",
    },
    { student: franck, property: others[2], dayOffset: 5, time: "3:00 PM", paid: "payment", status: "confirmed" },
    { student: vanessa, property: mine[2], dayOffset: -2, time: "12:00 PM", paid: "payment", status: "confirmed" },
    { student: cyril, property: others[3], dayOffset: -9, time: "2:00 PM", paid: "failed_payment", status: "expired" },
    { student: cyril, property: mine[3], dayOffset: -4, time: "2:00 PM", paid: "payment", status: "confirmed", outcome: "confirmed" },
  ];

  const out: DemoBookings = { payments: [], paymentEvents: [], subscriptions: [], bookings: [], commissionEarnings: [], reviews: [] };
  const liveSlots = new Set<string>();

  plans.forEach((plan, i) => {
    if (!plan.property) throw new Error(`Demo booking ${i} has no bookable property: the listings changed`);
    const date = visitDate(now, plan.dayOffset);
    const visitMs = visitInstant(date);
    // Past visits were booked two days ahead; upcoming ones yesterday.
    let createdMs = plan.dayOffset < 0 ? visitMs - 2 * DAY_MS - 3 * HOUR_MS : now.getTime() - DAY_MS - 2 * HOUR_MS;
    // A booking made under the subscriber's current subscription cannot predate it.
    if (plan.student === sub && plan.paid === "subscription")
      createdMs = Math.min(Math.max(createdMs, subscriberStartMs + HOUR_MS), visitMs - HOUR_MS);
    const bookingId = demoId("booking", i);
    const studentId = profileIdOf(plan.student);
    const slotKey = `${plan.property.id}|${date}|${plan.time}`;
    if (plan.status === "confirmed") {
      // The same rule as the bookings_live_slot_idx index, checked here so a bad plan fails clearly.
      if (liveSlots.has(slotKey)) throw new Error(`Demo bookings ${slotKey} collide`);
      liveSlots.add(slotKey);
    }

    let paymentId: string | null = null;
    if (plan.paid !== "subscription") {
      paymentId = demoId("payment", `booking-${i}`);
      const succeeded = plan.paid === "payment";
      addPayment(out, {
        id: paymentId,
        user: plan.student,
        type: "student_rental",
        amount: BOOKING_FEE_XAF,
        label: `booking-${i}`,
        createdMs: createdMs + 2 * MINUTE_MS,
        outcome: succeeded ? "successful" : "failed",
        bookingId,
        method: i % 3 === 0 ? "orange_money" : "mtn_momo",
      });
      if (succeeded) addSubscription(out, plan.student, paymentId, createdMs + 4 * MINUTE_MS, `booking-${i}`);
    }

    const recorded = plan.outcome ? visitMs + 6 * HOUR_MS : null;
    out.bookings.push({
      id: bookingId,
      property_id: plan.property.id,
      student_id: studentId,
      visitor_name: plan.student.fullName,
      visitor_email: plan.student.email,
      visitor_phone: plan.student.phone,
      visit_date: date,
      visit_time: plan.time,
      message: plan.message ?? "",
      payment_amount: plan.paid === "subscription" ? 0 : BOOKING_FEE_XAF,
      fee_type: "student_rental",
      payment_status: plan.paid === "failed_payment" ? "pending" : "confirmed",
      booking_status: plan.status,
      booking_reference: demoReference("KN", `booking-${i}`),
      hold_expires_at: plan.paid === "subscription" ? null : new Date(createdMs + HOLD_MS).toISOString(),
      payment_id: paymentId,
      viewing_outcome: plan.outcome ?? null,
      viewing_recorded_at: recorded ? new Date(recorded).toISOString() : null,
      created_at: new Date(createdMs).toISOString(),
      updated_at: new Date(recorded ?? createdMs + 5 * MINUTE_MS).toISOString(),
    });

    if (plan.outcome === "confirmed" && recorded) {
      // Commissions are paid out weekly: those older than a week have been paid.
      const paid = now.getTime() - recorded > 7 * DAY_MS;
      out.commissionEarnings.push({
        id: demoId("commission", i),
        agent_id: plan.property.agent_id,
        property_id: plan.property.id,
        booking_id: bookingId,
        // The student and subscription period (decision 0108): one commission per agent, student and period.
        student_id: studentId,
        period_key: paymentId ? demoId("subscription", `booking-${i}`) : demoId("subscription", "subscriber-unified"),
        amount: VISITATION_COMMISSION_XAF,
        type: "visitation",
        date: new Date(recorded).toISOString(),
        status: paid ? "paid" : "pending",
        paid: paid ? 1 : 0,
        paid_date: paid ? new Date(recorded + 5 * DAY_MS).toISOString() : null,
      });
    }
    if (plan.review && recorded) {
      out.reviews.push({
        id: demoId("review", i),
        agent_id: plan.property.agent_id,
        student_id: studentId,
        booking_id: bookingId,
        rating: plan.review.rating,
        comment: plan.review.comment,
        reply: plan.review.reply ?? null,
        replied_at: plan.review.reply ? new Date(recorded + 2 * DAY_MS).toISOString() : null,
        created_at: new Date(recorded + HOUR_MS).toISOString(),
      });
    }
  });

  // The subscriber's current subscription was bought on /subscription-payment (a unified payment).
  const startMs = subscriberStartMs;
  const subscriptionPaymentId = demoId("payment", "subscriber-unified");
  addPayment(out, {
    id: subscriptionPaymentId,
    user: sub,
    type: "unified_payment",
    amount: SUBSCRIPTION_PRICE_XAF,
    label: "subscriber-unified",
    createdMs: startMs - 2 * MINUTE_MS,
    outcome: "successful",
    bookingId: null,
    method: "mtn_momo",
  });
  addSubscription(out, sub, subscriptionPaymentId, startMs, "subscriber-unified");

  return out;
}

interface PaymentPlan {
  id: string;
  user: DemoPerson;
  type: "student_rental" | "unified_payment" | "guest_house_access";
  amount: number;
  label: string;
  createdMs: number;
  outcome: "successful" | "failed";
  bookingId: string | null;
  method: "mtn_momo" | "orange_money";
}

/** A simulated mobile-money payment with the events the payment service would have written. */
export function addPayment(out: Pick<DemoBookings, "payments" | "paymentEvents">, p: PaymentPlan): void {
  const settledMs = p.createdMs + 90_000;
  const succeeded = p.outcome === "successful";
  const phone = p.user.phone.replace(/\D/g, "");
  out.payments.push({
    id: p.id,
    user_id: profileIdOf(p.user),
    payment_gateway: "simulated",
    payment_status: p.outcome,
    payment_type: p.type,
    amount: p.amount,
    currency: "XAF",
    method: p.method,
    phone,
    reference: demoReference("PAY", p.label),
    provider_tx_id: `SIM-${demoReference("TX", p.label).slice(3)}`,
    checkout_url: null,
    booking_id: p.bookingId,
    guest_house_id: null,
    failure_reason: succeeded ? null : "The customer did not approve the payment on the phone",
    confirmed_at: succeeded ? new Date(settledMs).toISOString() : null,
    created_at: new Date(p.createdMs).toISOString(),
    updated_at: new Date(settledMs).toISOString(),
  });
  const events: Array<[string, number, Record<string, unknown>]> = [
    ["created", p.createdMs, { amount: p.amount, type: p.type }],
    ["initiated", p.createdMs + 1_000, { method: p.method, phone }],
    [succeeded ? "succeeded" : "failed", settledMs, { status: succeeded ? "SUCCESSFUL" : "FAILED" }],
  ];
  events.forEach(([type, at, data], k) => {
    out.paymentEvents.push({
      id: demoId("payment-event", `${p.label}-${k}`),
      payment_id: p.id,
      event_type: type,
      event_data: JSON.stringify(data),
      created_at: new Date(at).toISOString(),
    });
  });
}

function addSubscription(
  out: Pick<DemoBookings, "subscriptions">,
  user: DemoPerson,
  paymentId: string,
  startMs: number,
  label: string,
): void {
  out.subscriptions.push({
    id: demoId("subscription", label),
    user_id: profileIdOf(user),
    payment_id: paymentId,
    starts_at: new Date(startMs).toISOString(),
    ends_at: new Date(startMs + SUBSCRIPTION_DAYS * DAY_MS).toISOString(),
    created_at: new Date(startMs).toISOString(),
  });
}
