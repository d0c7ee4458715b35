import type { Kysely, Selectable } from "kysely";
import type { SubscriptionRepository } from "#domain/subscription/subscription-repository.port";
import type { Subscription } from "#domain/subscription/subscription.entity";
import type { Dialect } from "../db/connection";
import type { Database, SubscriptionsTable } from "../db/schema";
import { preparedQuery } from "../db/prepared-query";

const iso = (d: Date) => d.toISOString();

const toSubscription = (r: Selectable<SubscriptionsTable>): Subscription => ({
  id: r.id,
  userId: r.user_id,
  paymentId: r.payment_id,
  startsAt: new Date(r.starts_at),
  endsAt: new Date(r.ends_at),
  createdAt: new Date(r.created_at),
});

/** The end of a user's latest subscription (read on every profile view: compiled once). */
const latestEndQuery = preparedQuery((db: Kysely<Database>, slot) =>
  db
    .selectFrom("subscriptions")
    .select((eb) => eb.fn.max("ends_at").as("end"))
    .where("user_id", "=", slot<string>("userId")),
);

export class KyselySubscriptionRepository implements SubscriptionRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  async findActiveSubscription(userId: string, at: Date): Promise<Subscription | null> {
    const row = await this.db
      .selectFrom("subscriptions")
      .selectAll()
      .where("user_id", "=", userId)
      .where("starts_at", "<=", iso(at))
      .where("ends_at", ">", iso(at))
      .orderBy("ends_at", "desc")
      .executeTakeFirst();
    return row ? toSubscription(row) : null;
  }

  async latestSubscriptionEnd(userId: string): Promise<Date | null> {
    if (this.dialect === "postgres" && this.db.isTransaction) {
      // Two payments of one user confirmed at once would both extend from the same end; locking
      // the user's profile makes the second wait and extend from the first. NO KEY UPDATE leaves
      // rows that merely reference the profile (bookings, events) free to be written.
      await this.db.selectFrom("profiles").select("id").where("id", "=", userId).forNoKeyUpdate().execute();
    }
    const row = (await this.db.executeQuery(latestEndQuery(this.db, { userId }))).rows[0];
    return row?.end ? new Date(row.end) : null;
  }

  async findByPaymentId(paymentId: string): Promise<Subscription | null> {
    const row = await this.db.selectFrom("subscriptions").selectAll().where("payment_id", "=", paymentId).executeTakeFirst();
    return row ? toSubscription(row) : null;
  }

  async insertSubscription(s: Subscription): Promise<"inserted" | "duplicate_payment"> {
    const values = {
      id: s.id,
      user_id: s.userId,
      payment_id: s.paymentId,
      starts_at: iso(s.startsAt),
      ends_at: iso(s.endsAt),
      created_at: iso(s.createdAt),
    };
    if (s.paymentId === null) {
      await this.db.insertInto("subscriptions").values(values).execute();
      return "inserted";
    }
    // subscriptions.payment_id is unique: a second grant for one payment inserts nothing.
    const row = await this.db
      .insertInto("subscriptions")
      .values(values)
      .onConflict((oc) => oc.column("payment_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    return row ? "inserted" : "duplicate_payment";
  }

  async listForUser(userId: string): Promise<Subscription[]> {
    const rows = await this.db
      .selectFrom("subscriptions")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("starts_at")
      .orderBy("id")
      .execute();
    return rows.map(toSubscription);
  }

  async setPeriod(id: string, period: { startsAt: Date; endsAt: Date }): Promise<void> {
    const result = await this.db
      .updateTable("subscriptions")
      .set({ starts_at: iso(period.startsAt), ends_at: iso(period.endsAt) })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new Error(`Subscription ${id} not found`);
  }
}
