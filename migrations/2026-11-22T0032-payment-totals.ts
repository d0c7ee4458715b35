import { SqliteAdapter, sql, type Kysely } from "kysely";

// The admin payments page's figures by gateway without reading every payment (decision 0148):
// payment_totals holds, for each gateway and each stored status word, how many payments and how
// much money. Triggers on payments keep it in the same transaction as every insert, delete and
// change of gateway, status or amount, whoever writes (the repository, a script, a test, a restore
// into a migrated schema). The status is kept as stored: the reader folds the words into a status
// (PaymentLedger.statsByGateway) exactly as it folded them over the payments, so the rule stays in
// one place. A key whose payments all moved away keeps a row at 0.

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** Any of the three counted columns changed (`is distinct from`: SQLite's `is not`). */
const changed = (distinct: string) =>
  sql.raw(
    `old.payment_gateway ${distinct} new.payment_gateway or old.payment_status ${distinct} new.payment_status or old.amount ${distinct} new.amount`,
  );

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("payment_totals")
    .addColumn("payment_gateway", "text", (c) => c.notNull())
    .addColumn("payment_status", "text", (c) => c.notNull())
    .addColumn("payments", "bigint", (c) => c.notNull())
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("payment_totals_pk", ["payment_gateway", "payment_status"])
    .execute();
  if (isSqlite(db)) await sqliteUp(db);
  else await postgresUp(db);
  await sql`insert into payment_totals (payment_gateway, payment_status, payments, amount)
    select payment_gateway, payment_status, count(*), coalesce(sum(amount), 0) from payments group by payment_gateway, payment_status`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) {
    for (const trigger of ["payments_totals_insert", "payments_totals_delete", "payments_totals_update"])
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  } else {
    await sql`drop trigger if exists payments_totals_update on payments`.execute(db);
    await sql`drop trigger if exists payments_totals on payments`.execute(db);
    await sql`drop function if exists payments_totals()`.execute(db);
  }
  await db.schema.dropTable("payment_totals").ifExists().execute();
}

const add = (table: string) =>
  sql.raw(`insert into payment_totals (payment_gateway, payment_status, payments, amount)
    values (new.payment_gateway, new.payment_status, 1, new.amount)
    on conflict (payment_gateway, payment_status) do update set payments = ${table}.payments + 1, amount = ${table}.amount + excluded.amount`);
const remove = sql.raw(`update payment_totals set payments = payments - 1, amount = amount - old.amount
    where payment_gateway = old.payment_gateway and payment_status = old.payment_status`);

async function sqliteUp(db: Kysely<any>): Promise<void> {
  await sql`create trigger payments_totals_insert after insert on payments begin ${add("payment_totals")}; end`.execute(db);
  await sql`create trigger payments_totals_delete after delete on payments begin ${remove}; end`.execute(db);
  await sql`create trigger payments_totals_update after update of payment_gateway, payment_status, amount on payments
    when ${changed("is not")} begin ${remove}; ${add("payment_totals")}; end`.execute(db);
}

async function postgresUp(db: Kysely<any>): Promise<void> {
  // The two rows a change touches are locked in key order, so two transactions moving payments
  // between the same two keys in opposite directions cannot deadlock on them.
  await sql`create function payments_totals() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${add("payment_totals")};
      elsif tg_op = 'DELETE' then
        ${remove};
      elsif (old.payment_gateway, old.payment_status) <= (new.payment_gateway, new.payment_status) then
        ${remove};
        ${add("payment_totals")};
      else
        ${add("payment_totals")};
        ${remove};
      end if;
      return null;
    end $$`.execute(db);
  // An INSERT or DELETE trigger's WHEN may not name both rows: the update has its own trigger.
  await sql`create trigger payments_totals after insert or delete on payments for each row execute function payments_totals()`.execute(db);
  await sql`create trigger payments_totals_update after update of payment_gateway, payment_status, amount on payments
    for each row when (${changed("is distinct from")}) execute function payments_totals()`.execute(db);
}
