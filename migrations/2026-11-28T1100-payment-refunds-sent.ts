import { sql, type Kysely } from "kysely";

// Issue 34, refunds (decision 0219): a refund is sent through the disbursement provider.
// payment_refunds is rebuilt (SQLite cannot drop a NOT NULL) so that:
// - paid_by_payment_id may be null: an admin's refund of a payment is not a duplicate purchase;
// - the refund keeps the admin's reason (note), whether access was kept (keep_access), who asked
//   (requested_by), where it goes (phone, medium, copied from the payment), the attempt number
//   (a failed attempt may be retried, each with its own reference), the provider's transaction
//   (trans_id), the provider's reason for a failure and the send claim (send_claimed_at).
// Existing rows (duplicates "to_refund") are copied as they are. The Terms and the FAQ say how a
// refund is asked for and made (below).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("payment_refunds_next")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("payment_id", "text", (c) => c.notNull().unique().references("payments.id"))
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("paid_by_payment_id", "text", (c) => c.references("payments.id"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("keep_access", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("requested_by", "text", (c) => c.references("profiles.id"))
    .addColumn("phone", "text")
    .addColumn("medium", "text")
    .addColumn("attempt", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("trans_id", "text")
    .addColumn("failure_reason", "text")
    .addColumn("send_claimed_at", "text")
    .execute();
  await sql`insert into payment_refunds_next (id, payment_id, user_id, amount, reason, paid_by_payment_id, status, created_at, updated_at)
    select id, payment_id, user_id, amount, reason, paid_by_payment_id, status, created_at, updated_at from payment_refunds`.execute(db);
  await db.schema.dropTable("payment_refunds").execute();
  await db.schema.alterTable("payment_refunds_next").renameTo("payment_refunds").execute();
  await db.schema.createIndex("payment_refunds_status_idx").ifNotExists().on("payment_refunds").columns(["status", "created_at"]).execute();
  await rewriteTexts(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rewriteTexts(db, false);
  await db.schema
    .createTable("payment_refunds_prev")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("payment_id", "text", (c) => c.notNull().unique().references("payments.id"))
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("paid_by_payment_id", "text", (c) => c.notNull().references("payments.id"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await sql`insert into payment_refunds_prev select id, payment_id, user_id, amount, reason, paid_by_payment_id, 'to_refund', created_at, updated_at
    from payment_refunds where paid_by_payment_id is not null`.execute(db);
  await db.schema.dropTable("payment_refunds").execute();
  await db.schema.alterTable("payment_refunds_prev").renameTo("payment_refunds").execute();
  await db.schema.createIndex("payment_refunds_status_idx").ifNotExists().on("payment_refunds").columns(["status", "created_at"]).execute();
}

// The Terms and the FAQ said a refund is made "by hand"; they now say how a refund is asked for and
// made. As migration 2026-11-28T1000 does: a sentence is replaced only where it is still the
// seeded text (an admin's edit is kept), and the page's date moves only when something changed.
const AT = "2026-11-28T11:00:00.000Z";

const LEGAL: Array<{ slug: string; column: "body_en" | "body_fr"; from: string; to: string }> = [
  {
    slug: "terms",
    column: "body_en",
    from: "it is recorded to be refunded in full to the number that paid, which our team does by hand, and the payment's page says so.",
    to: "it is listed to be refunded in full to the number that paid, and the payment's page says so.",
  },
  {
    slug: "terms",
    column: "body_en",
    from: "If you were charged for a payment that did not go through, or the agent did not come to a visit you booked and no other slot is possible, write to us within 7 days with your payment reference. We will refund you on the same mobile-money number or extend your access by 14 days, as you prefer.",
    to: "If you were charged for a payment that did not go through, or the agent did not come to a visit you booked and no other slot is possible, write to us from the contact page within 7 days with your payment reference. A refund gives back the whole payment, by mobile money, to the number that paid, through our payment provider; you receive an e-mail once the money has arrived. A refund withdraws what the payment bought: the subscription days it gave, the guest-house access, or the visit it paid for if it has not taken place. We may instead, as you prefer, extend your access by 14 days, or refund you and leave what the payment bought.",
  },
  {
    slug: "terms",
    column: "body_fr",
    from: "il est enregistré pour être remboursé en entier sur le numéro qui a payé, ce que notre équipe fait à la main, et la page du paiement l'indique.",
    to: "il est inscrit pour être remboursé en entier sur le numéro qui a payé, et la page du paiement l'indique.",
  },
  {
    slug: "terms",
    column: "body_fr",
    from: "Si vous avez été débité pour un paiement qui n'a pas abouti, ou si l'agent n'est pas venu à une visite que vous aviez réservée sans autre créneau possible, écrivez-nous dans les 7 jours avec votre référence de paiement. Nous vous remboursons sur le même numéro mobile money ou prolongeons votre accès de 14 jours, selon votre choix.",
    to: "Si vous avez été débité pour un paiement qui n'a pas abouti, ou si l'agent n'est pas venu à une visite que vous aviez réservée sans autre créneau possible, écrivez-nous depuis la page de contact dans les 7 jours avec votre référence de paiement. Un remboursement rend le paiement entier, par mobile money, au numéro qui a payé, par l'intermédiaire de notre prestataire de paiement ; vous recevez un e-mail dès que l'argent est arrivé. Un remboursement retire ce que le paiement avait acheté : les jours d'abonnement qu'il donnait, l'accès aux maisons d'hôtes, ou la visite qu'il payait si elle n'a pas eu lieu. Nous pouvons aussi, selon votre choix, prolonger votre accès de 14 jours, ou vous rembourser en vous laissant ce que le paiement avait acheté.",
  },
];

const FAQ: Array<{ column: "answer_en" | "answer_fr"; from: string; to: string }> = [
  {
    column: "answer_en",
    from: "Tell us from the contact page within 7 days with your booking reference. We will extend your access by 14 days or refund you.",
    to: "Tell us from the contact page within 7 days with your booking reference. We will extend your access by 14 days or refund the whole payment by mobile money to the number that paid; you get an e-mail once the money has arrived.",
  },
  {
    column: "answer_fr",
    from: "Prévenez-nous depuis la page de contact dans les 7 jours avec votre référence de réservation. Nous prolongeons votre accès de 14 jours ou vous remboursons.",
    to: "Prévenez-nous depuis la page de contact dans les 7 jours avec votre référence de réservation. Nous prolongeons votre accès de 14 jours ou remboursons le paiement entier par mobile money au numéro qui a payé ; vous recevez un e-mail dès que l'argent est arrivé.",
  },
];

async function rewriteTexts(db: Kysely<any>, forward: boolean): Promise<void> {
  for (const r of LEGAL) {
    const [from, to] = forward ? [r.from, r.to] : [r.to, r.from];
    const column = sql.ref(r.column);
    await sql`update legal_pages set ${column} = replace(${column}, ${from}, ${to}), updated_at = ${AT}
      where slug = ${r.slug} and replace(${column}, ${from}, ${to}) <> ${column}`.execute(db);
  }
  for (const r of FAQ) {
    const [from, to] = forward ? [r.from, r.to] : [r.to, r.from];
    const column = sql.ref(r.column);
    await sql`update faq_entries set ${column} = ${to}, updated_at = ${AT} where ${column} = ${from}`.execute(db);
  }
}
