// Message threads between students and agents, the subscriber's wishlist, and the guest-house
// side: the subscriber paid the platform access fee and contacted two guest houses on WhatsApp.
import type { Insertable } from "kysely";
import type {
  BookingAttemptsTable,
  MessagesTable,
  MessageThreadsTable,
  PlatformFeePaymentsTable,
  PropertiesTable,
  WishlistsTable,
} from "../db/schema";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "#domain/shared/clock";
import { DEMO_AGENTS, DEMO_OTHER_STUDENTS, DEMO_SUBSCRIBER, type DemoPerson } from "./demo-people";
import { profileIdOf } from "./demo-profiles";
import { addPayment, type DemoBookings } from "./demo-bookings";
import { demoId, demoReference } from "./prng";

const GUEST_HOUSE_ACCESS_FEE_XAF = 5000;
const GUEST_HOUSE_ACCESS_DAYS = 14;

type Row<T> = Insertable<T>;

export interface DemoConversations {
  threads: Array<Row<MessageThreadsTable>>;
  messages: Array<Row<MessagesTable>>;
  wishlists: Array<Row<WishlistsTable>>;
  platformFeePayments: Array<Row<PlatformFeePaymentsTable>>;
  bookingAttempts: Array<Row<BookingAttemptsTable>>;
  /** The access fee's payment and events, to insert with the other payments. */
  payments: DemoBookings["payments"];
  paymentEvents: DemoBookings["paymentEvents"];
}

interface ThreadPlan {
  student: DemoPerson;
  agentIndex: number;
  /** Index among the agent's listings, or null for a general question. */
  listing: number | null;
  startedHoursAgo: number;
  /** Alternating, student first. The last message is unread by its recipient. */
  lines: string[];
}

const THREADS: ThreadPlan[] = [
  {
    student: DEMO_SUBSCRIBER,
    agentIndex: 0,
    listing: 2,
    startedHoursAgo: 30,
    lines: [
      "Good evening sir. Is the place still available? I booked a visit for this week.",
      "Good evening Emmanuel. Yes, it is still available. Call me when you reach Malingo junction and I will come and meet you.",
      "Thank you sir. Please does the landlord accept six months advance instead of ten?",
    ],
  },
  {
    student: DEMO_OTHER_STUDENTS[0],
    agentIndex: 0,
    listing: 4,
    startedHoursAgo: 75,
    lines: [
      "Hello, can I pay the advance in two parts? Half now and half in January.",
      "Hello Sandra. I asked the landlord: he accepts six months now and the rest before the second semester.",
      "Perfect, thank you. I will bring my cousin for the visit.",
      "No problem, see you on the day.",
    ],
  },
  {
    student: DEMO_OTHER_STUDENTS[2],
    agentIndex: 0,
    listing: null,
    startedHoursAgo: 140,
    lines: [
      "Good morning. I missed my visit on Monday because of a family emergency. Can I still see the room?",
      "Sorry to hear that, Precious. The room is still free. Book another slot on the app and I will be there.",
    ],
  },
  {
    student: DEMO_OTHER_STUDENTS[1],
    agentIndex: 1,
    listing: 1,
    startedHoursAgo: 200,
    lines: [
      "Is the mini-flat in Bomaka still free?",
      "Sorry Blaise, it was rented last week. I have a similar one near Bomaka market at the same price. Shall I send you the link?",
      "Yes please.",
    ],
  },
  {
    student: DEMO_OTHER_STUDENTS[5],
    agentIndex: 2,
    listing: 0,
    startedHoursAgo: 20,
    lines: [
      "Good afternoon madam/sir, is there parking? My elder brother will help me move with his car.",
      "Good afternoon Franck. Yes, there is space for two cars inside the compound.",
    ],
  },
];

export function buildDemoConversations(properties: Array<Row<PropertiesTable>>, guestHouseIds: string[], now: Date): DemoConversations {
  const out: DemoConversations = {
    threads: [],
    messages: [],
    wishlists: [],
    platformFeePayments: [],
    bookingAttempts: [],
    payments: [],
    paymentEvents: [],
  };
  const nowMs = now.getTime();
  const listingsOf = (agentIndex: number) => properties.filter((p) => p.agent_id === profileIdOf(DEMO_AGENTS[agentIndex]));

  THREADS.forEach((plan, t) => {
    const studentId = profileIdOf(plan.student);
    const agentId = profileIdOf(DEMO_AGENTS[plan.agentIndex]);
    const propertyId = plan.listing === null ? null : listingsOf(plan.agentIndex)[plan.listing].id;
    const threadId = demoId("thread", t);
    const startMs = nowMs - plan.startedHoursAgo * HOUR_MS;
    // Replies come within a few hours; everything but the last message has been read.
    const times = plan.lines.map((_, k) => startMs + k * (2 * HOUR_MS + 13 * MINUTE_MS));
    plan.lines.forEach((body, k) => {
      const last = k === plan.lines.length - 1;
      out.messages.push({
        id: demoId("message", `${t}-${k}`),
        thread_id: threadId,
        sender_id: k % 2 === 0 ? studentId : agentId,
        body,
        read_at: last ? null : new Date(times[k] + 20 * MINUTE_MS).toISOString(),
        created_at: new Date(times[k]).toISOString(),
      });
    });
    out.threads.push({
      id: threadId,
      property_id: propertyId,
      student_id: studentId,
      agent_id: agentId,
      created_at: new Date(startMs).toISOString(),
      last_message_at: new Date(times[times.length - 1]).toISOString(),
    });
  });

  // The subscriber saved a few listings from different agents.
  [3, 12, 25, 40].forEach((index, k) => {
    out.wishlists.push({
      user_id: profileIdOf(DEMO_SUBSCRIBER),
      property_id: properties[index].id,
      created_at: new Date(nowMs - (k + 1) * DAY_MS).toISOString(),
    });
  });

  // Three days ago the subscriber paid the guest-house access fee (valid 14 days) and contacted two hosts.
  const paidMs = nowMs - 3 * DAY_MS;
  const paymentId = demoId("payment", "subscriber-guest-house-access");
  addPayment(out, {
    id: paymentId,
    user: DEMO_SUBSCRIBER,
    type: "guest_house_access",
    amount: GUEST_HOUSE_ACCESS_FEE_XAF,
    label: "subscriber-guest-house-access",
    createdMs: paidMs,
    outcome: "successful",
    bookingId: null,
    method: "orange_money",
  });
  out.platformFeePayments.push({
    id: demoId("platform-fee", "subscriber"),
    user_id: profileIdOf(DEMO_SUBSCRIBER),
    payment_id: paymentId,
    amount: GUEST_HOUSE_ACCESS_FEE_XAF,
    payment_date: new Date(paidMs).toISOString(),
    expiry_date: new Date(paidMs + GUEST_HOUSE_ACCESS_DAYS * DAY_MS).toISOString(),
    is_valid: 1,
    transaction_id: `TXN-GH-${demoReference("X", "subscriber-guest-house-access").slice(2)}`,
    method: "orange_money",
  });
  [guestHouseIds[1], guestHouseIds[0]].forEach((guestHouseId, k) => {
    out.bookingAttempts.push({
      id: demoId("booking-attempt", k),
      user_id: profileIdOf(DEMO_SUBSCRIBER),
      guest_house_id: guestHouseId,
      attempt_date: new Date(paidMs + (k + 1) * HOUR_MS).toISOString(),
      whatsapp_message_sent: 1,
    });
  });

  return out;
}
