// Bookings, payments and commissions in bulk for the query-plan report (npm run bench:plans): with
// only the demo seed's few dozen rows, PostgreSQL reads those tables whole whatever their indexes,
// and a scan that would hurt at scale cannot be told from one that is right for a tiny table.
// One booking per two listings, each paid (or not) by one of a pool of generated students.
// Past visits only, ended (confirmed, expired or cancelled), so no live slot is taken from the demo.
import type { Insertable, Kysely } from "kysely";
import { createPrng } from "#infrastructure/seed/prng";
import type { BookingsTable, CommissionEarningsTable, Database, PaymentsTable, ProfilesTable } from "#infrastructure/db/schema";

export interface ActivityResult {
  students: number;
  bookings: number;
  payments: number;
  commissions: number;
}

const DAY_MS = 86_400_000;
const VISIT_TIMES = ["10:00 AM", "11:00 AM", "4:00 PM", "5:00 PM"] as const;

export async function generateActivity(
  db: Kysely<Database>,
  bookings: number,
  options: { seed: number; now?: Date },
): Promise<ActivityResult> {
  const { next } = createPrng(options.seed);
  const now = (options.now ?? new Date("2026-11-22T00:00:00.000Z")).getTime();
  const tag = `a${options.seed}`;
  const properties = await db.selectFrom("properties").select(["id", "agent_id"]).execute();
  if (properties.length === 0) return { students: 0, bookings: 0, payments: 0, commissions: 0 };

  const studentCount = Math.max(1, Math.ceil(bookings / 10));
  const students: Insertable<ProfilesTable>[] = [];
  for (let i = 0; i < studentCount; i++) {
    const at = new Date(now - Math.floor(next() * 730) * DAY_MS).toISOString();
    students.push({
      id: `bench-${tag}-student-${i}`,
      role: "student",
      full_name: `Student ${i}`,
      email: `bench-${tag}-${i}@students.kamernest.test`,
      phone: `+2376${String(70_000_000 + i).slice(0, 8)}`,
      password_hash: null,
      email_confirmed_at: at,
      google_id: null,
      totp_secret: null,
      totp_enabled_at: null,
      created_at: at,
      updated_at: at,
    });
  }
  for (let i = 0; i < students.length; i += 500)
    await db
      .insertInto("profiles")
      .values(students.slice(i, i + 500))
      .execute();

  // Confirmed bookings hold their slot (bookings_live_slot_idx): one booking per property, day and time.
  const slots = new Set<string>();
  let payments = 0;
  let commissions = 0;
  const batch = 400;
  for (let start = 0; start < bookings; start += batch * 10) {
    await db.transaction().execute(async (tx) => {
      for (let from = start; from < Math.min(bookings, start + batch * 10); from += batch) {
        const rows: Insertable<BookingsTable>[] = [];
        const paymentRows: Insertable<PaymentsTable>[] = [];
        const commissionRows: Insertable<CommissionEarningsTable>[] = [];
        for (let i = from; i < Math.min(bookings, from + batch); i++) {
          const student = students[Math.floor(next() * students.length)];
          let property, created, visit, time, slot;
          do {
            property = properties[Math.floor(next() * properties.length)];
            created = now - Math.floor(next() ** 1.5 * 700 * DAY_MS) - 12 * DAY_MS;
            visit = created + (1 + Math.floor(next() * 10)) * DAY_MS;
            time = VISIT_TIMES[Math.floor(next() * VISIT_TIMES.length)];
            slot = `${property.id} ${new Date(visit).toISOString().slice(0, 10)} ${time}`;
          } while (slots.has(slot));
          slots.add(slot);
          const roll = next();
          const status = roll < 0.7 ? "confirmed" : roll < 0.85 ? "expired" : "cancelled";
          const paid = status !== "expired";
          const id = `bench-${tag}-booking-${i}`;
          const paymentId = `bench-${tag}-payment-${i}`;
          const iso = (ms: number) => new Date(ms).toISOString();
          paymentRows.push({
            id: paymentId,
            user_id: student.id as string,
            payment_gateway: "simulated",
            payment_status: paid ? "successful" : "expired",
            payment_type: "student_rental",
            amount: 1000,
            method: next() < 0.6 ? "mtn_momo" : "orange_money",
            phone: student.phone as string,
            reference: `BENCH-${tag}-${i}`,
            provider_tx_id: paid ? `bench-tx-${tag}-${i}` : null,
            checkout_url: null,
            booking_id: id,
            guest_house_id: null,
            failure_reason: null,
            confirmed_at: paid ? iso(created + 120_000) : null,
            created_at: iso(created),
            updated_at: iso(created + 120_000),
          });
          payments++;
          const outcome = status === "confirmed" ? (next() < 0.85 ? "confirmed" : "no_show") : null;
          rows.push({
            id,
            property_id: property.id,
            student_id: student.id as string,
            visitor_name: student.full_name as string,
            visitor_email: student.email as string,
            visitor_phone: student.phone as string,
            visit_date: iso(visit).slice(0, 10),
            visit_time: time,
            payment_amount: 1000,
            fee_type: "student_rental",
            payment_status: paid ? "confirmed" : "pending",
            booking_status: status,
            booking_reference: `KN-BENCH-${tag}-${i}`,
            hold_expires_at: iso(created + 15 * 60_000),
            payment_id: paymentId,
            viewing_outcome: outcome,
            viewing_recorded_at: outcome ? iso(visit + 6 * 3_600_000) : null,
            created_at: iso(created),
            updated_at: iso(created + 300_000),
            agent_response: status === "confirmed" ? "accepted" : "awaiting",
            cancelled_at: status === "cancelled" ? iso(created + DAY_MS) : null,
            cancelled_by: status === "cancelled" ? "student" : null,
          });
          if (outcome === "confirmed") {
            const date = visit + 6 * 3_600_000;
            const settled = now - date > 7 * DAY_MS;
            commissionRows.push({
              id: `bench-${tag}-commission-${i}`,
              agent_id: property.agent_id,
              property_id: property.id,
              booking_id: id,
              amount: 500,
              type: "visitation",
              date: iso(date),
              status: settled ? "paid" : "pending",
              paid: settled ? 1 : 0,
              paid_date: settled ? iso(date + 5 * DAY_MS) : null,
              student_id: student.id as string,
              period_key: `bench-${tag}-period-${i}`,
            });
            commissions++;
          }
        }
        await tx.insertInto("payments").values(paymentRows).execute();
        await tx.insertInto("bookings").values(rows).execute();
        if (commissionRows.length) await tx.insertInto("commission_earnings").values(commissionRows).execute();
      }
    });
  }
  return { students: studentCount, bookings, payments, commissions };
}
