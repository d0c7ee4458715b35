// Closing an account over SQLite and PostgreSQL (decision 0217): the facts that can stop it, and
// the anonymisation, re-checked and applied in one transaction.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { DAY_MS } from "#domain/shared/clock";
import type { AuditAction } from "#domain/accounts/audit-actions";
import type { AuditEntry } from "#domain/accounts/audit-log.port";
import { KyselyAccountAuditLog } from "./kysely-account-audit-log";
import {
  closedEmail,
  closureBlockers,
  FORMER_USER_NAME,
  type AccountClosureStore,
  type ClosureBlocker,
  type ClosureFacts,
} from "#domain/data-rights/account-closure";

/** A guest-house request without dates counts as open this long (the access lasts 14 days). */
const UNDATED_ATTEMPT_OPEN_MS = 14 * DAY_MS;

type Db = Kysely<Database> | Transaction<Database>;

const count = (row: { n: number | string | bigint } | undefined): number => Number(row?.n ?? 0);

async function readFacts(db: Db, userId: string, now: Date, today: string): Promise<ClosureFacts | null> {
  const profile = await db.selectFrom("profiles").select(["role"]).where("id", "=", userId).executeTakeFirst();
  if (!profile) return null;
  const [admins, visits, earnings, attempts, payments] = await Promise.all([
    db
      .selectFrom("profiles")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("role", "=", "admin")
      .executeTakeFirst(),
    db
      .selectFrom("bookings as b")
      .innerJoin("properties as p", "p.id", "b.property_id")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("p.agent_id", "=", userId)
      .where("b.booking_status", "=", "confirmed")
      .where("b.cancelled_at", "is", null)
      .where("b.visit_date", ">=", today)
      .executeTakeFirst(),
    db
      .selectFrom("commission_earnings")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("agent_id", "=", userId)
      .where("status", "=", "pending")
      .executeTakeFirst(),
    db
      .selectFrom("booking_attempts as a")
      .innerJoin("guest_houses as g", "g.id", "a.guest_house_id")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("g.host_id", "=", userId)
      .where((eb) =>
        eb.or([
          eb("a.check_out", ">=", today),
          eb.and([
            eb("a.check_out", "is", null),
            eb("a.attempt_date", ">=", new Date(now.getTime() - UNDATED_ATTEMPT_OPEN_MS).toISOString()),
          ]),
        ]),
      )
      .executeTakeFirst(),
    db
      .selectFrom("payments")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("user_id", "=", userId)
      .where("payment_status", "=", "pending")
      .executeTakeFirst(),
  ]);
  return {
    role: profile.role,
    adminCount: count(admins),
    upcomingAgentVisits: count(visits),
    unpaidEarnings: count(earnings),
    openHostAttempts: count(attempts),
    pendingPayments: count(payments),
  };
}

export class KyselyAccountClosureStore implements AccountClosureStore {
  constructor(private readonly db: Kysely<Database>) {}

  facts(userId: string, now: Date, today: string): Promise<ClosureFacts | null> {
    return readFacts(this.db, userId, now, today);
  }

  close(userId: string, now: Date, today: string, audit: AuditEntry & { action: AuditAction }): Promise<ClosureBlocker[]> {
    return this.db.transaction().execute(async (trx) => {
      // Holds the profile's row until the end; and every admin's, as lockAdmins does, so two
      // admins closing at once cannot leave the platform without one (PostgreSQL; SQLite's
      // transactions already run one at a time).
      await trx.updateTable("profiles").set({ updated_at: now.toISOString() }).where("id", "=", userId).execute();
      await trx
        .updateTable("profiles")
        .set((eb) => ({ updated_at: eb.ref("updated_at") }))
        .where("role", "=", "admin")
        .execute();
      const facts = await readFacts(trx, userId, now, today);
      if (!facts) return [];
      const blockers = closureBlockers(facts);
      if (blockers.length > 0) return blockers;
      const at = now.toISOString();
      const email = closedEmail(userId);
      const old = await trx.selectFrom("profiles").select("email").where("id", "=", userId).executeTakeFirstOrThrow();

      for (const table of [
        "sessions",
        "email_tokens",
        "recovery_codes",
        "wishlists",
        "view_history",
        "search_history",
        "saved_searches",
      ] as const) {
        await trx.deleteFrom(table).where("user_id", "=", userId).execute();
      }
      await trx.deleteFrom("contact_messages").where("email", "=", old.email).execute();
      await trx
        .updateTable("profiles")
        .set({
          full_name: FORMER_USER_NAME,
          email,
          phone: null,
          password_hash: null,
          google_id: null,
          totp_secret: null,
          totp_enabled_at: null,
          role: facts.role === "admin" ? "student" : facts.role,
          updated_at: at,
        })
        .where("id", "=", userId)
        .execute();
      await trx
        .updateTable("bookings")
        .set({ visitor_name: FORMER_USER_NAME, visitor_email: email, visitor_phone: "", message: "" })
        .where("student_id", "=", userId)
        .execute();
      await trx.updateTable("payments").set({ phone: null }).where("user_id", "=", userId).execute();
      await trx
        .updateTable("simulated_transactions")
        .set({ email, payer_name: FORMER_USER_NAME, phone: "" })
        .where("user_id", "=", userId)
        .execute();
      await trx.updateTable("booking_attempts").set({ message: "" }).where("user_id", "=", userId).execute();
      await trx.deleteFrom("guest_house_booking_drafts").where("user_id", "=", userId).execute();
      // An agent's public page and listings go; their earnings and payouts stay for the accounts.
      await trx
        .updateTable("agents")
        .set({
          business_name: null,
          license_number: null,
          business_phone: null,
          business_email: null,
          business_address: null,
          website_url: null,
          bio: null,
        })
        .where("user_id", "=", userId)
        .execute();
      await trx
        .updateTable("agents")
        .set({ verification_status: "withheld" })
        .where("user_id", "=", userId)
        .where("verification_status", "=", "approved")
        .execute();
      await trx.deleteFrom("agent_payout_numbers").where("agent_id", "=", userId).execute();
      await trx.updateTable("payouts").set({ phone: "" }).where("agent_id", "=", userId).execute();
      await trx.updateTable("simulated_payouts").set({ phone: "", name: FORMER_USER_NAME }).where("user_id", "=", userId).execute();
      await trx.updateTable("properties").set({ hidden_at: at }).where("agent_id", "=", userId).where("hidden_at", "is", null).execute();
      // In the transaction: if the audit row cannot be written, nothing above happened.
      await new KyselyAccountAuditLog(trx).record(audit);
      return [];
    });
  }
}
