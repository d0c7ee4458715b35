// The admin figures computed in the database (GROUP BY), one code path for SQLite and PostgreSQL.
// Which rows count is documented on the port (domain/platform-stats/platform-stats-reader.port.ts).
import { sql, type Kysely } from "kysely";
import type {
  ActiveAccessFigures,
  AgentFigure,
  CountByKey,
  PaymentFigure,
  PendingEarningLine,
  PlatformStatsReader,
  RevenueFigure,
} from "#domain/platform-stats/platform-stats-reader.port";
import type { Database } from "../db/schema";

const iso = (d: Date) => d.toISOString();
const byKey = (rows: { key: string; count: unknown }[]): CountByKey[] =>
  rows.map((r) => ({ key: r.key, count: Number(r.count) })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
const agentFigures = (rows: { agentId: string; agentName: string; count: unknown; amount: unknown }[]): AgentFigure[] =>
  rows
    .map((r) => ({ agentId: r.agentId, agentName: r.agentName, count: Number(r.count), amount: Number(r.amount) }))
    .sort((a, b) => b.amount - a.amount || b.count - a.count || a.agentId.localeCompare(b.agentId));

export class KyselyPlatformStatsReader implements PlatformStatsReader {
  constructor(private readonly db: Kysely<Database>) {}

  async pendingEarnings(upTo: Date): Promise<PendingEarningLine[]> {
    const rows = await this.db
      .selectFrom("commission_earnings as c")
      .innerJoin("profiles", "profiles.id", "c.agent_id")
      .innerJoin("properties", "properties.id", "c.property_id")
      .leftJoin("agents", "agents.user_id", "c.agent_id")
      // The payout number the agent set (decision 0212) comes first: it is where money should go.
      .leftJoin("agent_payout_numbers as payout", "payout.agent_id", "c.agent_id")
      .select([
        "c.id",
        "c.agent_id as agentId",
        "profiles.full_name as agentName",
        "profiles.phone as accountPhone",
        "agents.business_name as businessName",
        "agents.business_phone as businessPhone",
        "payout.phone as payoutPhone",
        "payout.medium as payoutMedium",
        "properties.title as propertyTitle",
        "c.amount",
        "c.date",
      ])
      .where("c.status", "=", "pending")
      .where("c.date", "<=", iso(upTo))
      .orderBy("c.date")
      .orderBy("c.id")
      .execute();
    return rows.map(({ accountPhone, businessName, businessPhone, payoutPhone, payoutMedium, ...r }) => {
      const payout = payoutPhone ? `+237${payoutPhone}` : null;
      const business = businessPhone?.trim() || null;
      const account = accountPhone?.trim() || null;
      return {
        ...r,
        amount: Number(r.amount),
        date: new Date(r.date),
        payee: {
          name: r.agentName,
          businessName: businessName?.trim() || null,
          phone: payout ?? business ?? account,
          phoneSource: payout
            ? payoutMedium === "orange_money"
              ? "payout_orange"
              : "payout_mtn"
            : business
              ? "business"
              : account
                ? "account"
                : null,
        },
      };
    });
  }

  async usersByRole(): Promise<CountByKey[]> {
    const rows = await this.db
      .selectFrom("profiles")
      .select((eb) => ["role as key", eb.fn.countAll().as("count")])
      .groupBy("role")
      .execute();
    return byKey(rows);
  }

  async propertyCounts(): Promise<{ total: number; unverified: number }> {
    const row = await this.db
      .selectFrom("properties")
      .select((eb) => [
        eb.fn.countAll().as("total"),
        eb.fn.coalesce(eb.fn.sum(eb.case().when("is_verified", "=", 0).then(1).else(0).end()), eb.val(0)).as("unverified"),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), unverified: Number(row.unverified) };
  }

  async pendingVerifications(): Promise<{ agents: number; hosts: number }> {
    const [agents, hosts] = await Promise.all([
      this.db
        .selectFrom("agents")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("verification_status", "=", "pending")
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom("host_verifications")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow(),
    ]);
    return { agents: Number(agents.n), hosts: Number(hosts.n) };
  }

  async openListingReports(): Promise<number> {
    const row = await this.db
      .selectFrom("listing_reports")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("status", "=", "open")
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async bookingsByStatus(): Promise<CountByKey[]> {
    const rows = await this.db
      .selectFrom("bookings")
      .select((eb) => ["booking_status as key", eb.fn.countAll().as("count")])
      .groupBy("booking_status")
      .execute();
    return byKey(rows);
  }

  async payments(from: Date, to: Date): Promise<PaymentFigure[]> {
    const rows = await this.db
      .selectFrom("payments")
      .select((eb) => [
        "payment_type as type",
        "payment_gateway as gateway",
        "payment_status as status",
        eb.fn.countAll().as("count"),
        eb.fn.coalesce(eb.fn.sum("amount"), eb.val(0)).as("amount"),
      ])
      .where("created_at", ">=", iso(from))
      .where("created_at", "<", iso(to))
      .groupBy(["payment_type", "payment_gateway", "payment_status"])
      .execute();
    return rows
      .map((r) => ({ type: r.type, gateway: r.gateway, status: r.status, count: Number(r.count), amount: Number(r.amount) }))
      .sort((a, b) => a.type.localeCompare(b.type) || a.gateway.localeCompare(b.gateway) || a.status.localeCompare(b.status));
  }

  async agentsWithNoShows(min: number): Promise<AgentFigure[]> {
    const rows = await this.db
      .selectFrom("bookings")
      .innerJoin("properties", "properties.id", "bookings.property_id")
      .innerJoin("profiles", "profiles.id", "properties.agent_id")
      .select((eb) => [
        "properties.agent_id as agentId",
        "profiles.full_name as agentName",
        eb.fn.countAll().as("count"),
        eb.val(0).as("amount"),
      ])
      .where("bookings.viewing_outcome", "=", "no_show")
      .groupBy(["properties.agent_id", "profiles.full_name"])
      .having((eb) => eb.fn.countAll(), ">=", min)
      .execute();
    return agentFigures(rows).sort((a, b) => b.count - a.count || a.agentId.localeCompare(b.agentId));
  }

  async commissionsOwed(): Promise<AgentFigure[]> {
    const rows = await this.db
      .selectFrom("commission_earnings")
      .innerJoin("profiles", "profiles.id", "commission_earnings.agent_id")
      .select((eb) => [
        "commission_earnings.agent_id as agentId",
        "profiles.full_name as agentName",
        eb.fn.countAll().as("count"),
        eb.fn.coalesce(eb.fn.sum("commission_earnings.amount"), eb.val(0)).as("amount"),
      ])
      .where("commission_earnings.status", "=", "pending")
      .groupBy(["commission_earnings.agent_id", "profiles.full_name"])
      .execute();
    return agentFigures(rows);
  }

  async revenue(bucketStarts: Date[], end: Date): Promise<RevenueFigure[]> {
    if (bucketStarts.length === 0) return [];
    const starts = bucketStarts.map(iso).sort();
    // The bucket of a row: the latest start at or before it (CASE from the newest start down).
    const bucket = sql<string>`CASE ${sql.join(
      [...starts].reverse().map((s) => sql`WHEN created_at >= ${s} THEN ${s}`),
      sql` `,
    )} END`;
    const inner = this.db
      .selectFrom("payments")
      .select([bucket.as("bucket"), "payment_type", "amount"])
      .where("payment_status", "=", "successful")
      .where("created_at", ">=", starts[0])
      .where("created_at", "<", iso(end));
    const rows = await this.db
      .selectFrom(inner.as("p"))
      .select((eb) => [
        "p.bucket",
        "p.payment_type as type",
        eb.fn.countAll().as("count"),
        eb.fn.coalesce(eb.fn.sum("p.amount"), eb.val(0)).as("amount"),
      ])
      .groupBy(["p.bucket", "p.payment_type"])
      .execute();
    return rows
      .map((r) => ({ bucketStart: new Date(String(r.bucket)), type: r.type, count: Number(r.count), amount: Number(r.amount) }))
      .sort((a, b) => a.bucketStart.getTime() - b.bucketStart.getTime() || a.type.localeCompare(b.type));
  }

  async activeAccess(at: Date): Promise<ActiveAccessFigures> {
    const now = iso(at);
    const [subscriptions, passes] = await Promise.all([
      this.db
        .selectFrom("subscriptions")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("starts_at", "<=", now)
        .where("ends_at", ">", now)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom("platform_fee_payments")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("is_valid", "=", 1)
        .where("expiry_date", ">", now)
        .executeTakeFirstOrThrow(),
    ]);
    return { subscriptions: Number(subscriptions.n), accessPasses: Number(passes.n) };
  }
}
