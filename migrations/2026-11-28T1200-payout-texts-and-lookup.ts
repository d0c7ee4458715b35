import { sql, type Kysely } from "kysely";

// Issue 34 (decisions 0223, 0224):
// - payouts.trans_id is looked up by the payout webhook: an index.
// - The Terms, the agent terms and the FAQ say when and how agents are paid (the weekly run by
//   itself, Monday 00:00 in Buea unless the Earnings page shows another date; one transfer per
//   agent; paid once the provider confirms). Each sentence is replaced only where it is still the
//   seeded text (an admin's edit is kept), and a page's date moves only when something changed.
//   New databases get the new text from the seed.
const AT = "2026-11-28T12:00:00.000Z";

export const PAYOUT_TEXTS: Array<{ table: "legal_pages" | "faq_entries"; slug?: string; column: string; from: string; to: string }> = [
  {
    table: "legal_pages",
    slug: "terms",
    column: "body_en",
    from: "We let you browse for free, book visit slots, contact agents and pay platform fees by mobile money.",
    to: "We let you browse for free, book visit slots, contact agents and pay platform fees by mobile money. Agents are paid their commissions by mobile money through our payment provider, once a week (see the Agent terms).",
  },
  {
    table: "legal_pages",
    slug: "terms",
    column: "body_fr",
    from: "Vous pouvez consulter gratuitement, réserver des créneaux de visite, contacter les agents et payer les frais de la plateforme par mobile money.",
    to: "Vous pouvez consulter gratuitement, réserver des créneaux de visite, contacter les agents et payer les frais de la plateforme par mobile money. Les agents reçoivent leurs commissions par mobile money, via notre prestataire de paiement, une fois par semaine (voir les conditions des agents).",
  },
  {
    table: "legal_pages",
    slug: "terms-agents",
    column: "body_en",
    from: "A commission stays pending until the weekly payout, when it is paid by mobile money (MTN Mobile Money or Orange Money) through our payment provider to the payout number you set on the Earnings page of your portal (changing it asks for your password, and we e-mail you each time it changes).",
    to: "A commission stays pending until the weekly payout. The payout runs by itself once a week, every Monday at 00:00 (Buea time) unless the Earnings page of your portal shows another date, and sends you in one mobile-money transfer (MTN Mobile Money or Orange Money), through our payment provider, all your pending commissions confirmed before that instant, to the payout number you set on the Earnings page (changing it asks for your password, and we e-mail you each time it changes). An administrator may also send a payout at another time. The Earnings page shows each payout with its date, number, amount, status and the provider's reference, and we e-mail you when it is paid or fails.",
  },
  {
    table: "legal_pages",
    slug: "terms-agents",
    column: "body_fr",
    from: "Une commission reste en attente jusqu'au versement hebdomadaire, où elle est payée par mobile money (MTN Mobile Money ou Orange Money), via notre prestataire de paiement, sur le numéro de versement que vous indiquez sur la page Gains de votre espace (le changer demande votre mot de passe, et nous vous écrivons à chaque changement).",
    to: "Une commission reste en attente jusqu'au versement hebdomadaire. Le versement part de lui-même une fois par semaine, chaque lundi à 00 h 00 (heure de Buea) sauf si la page Gains de votre espace indique une autre date, et vous envoie en un seul transfert mobile money (MTN Mobile Money ou Orange Money), via notre prestataire de paiement, toutes vos commissions en attente confirmées avant ce moment, sur le numéro de versement que vous indiquez sur la page Gains (le changer demande votre mot de passe, et nous vous écrivons à chaque changement). Un administrateur peut aussi lancer un versement à un autre moment. La page Gains affiche chaque versement avec sa date, son numéro, son montant, son statut et la référence du prestataire, et nous vous écrivons quand il est payé ou échoue.",
  },
  {
    table: "faq_entries",
    column: "answer_en",
    from: "5 000 FCFA for each visit the student confirms took place, at most once per student in each of their subscription periods. The commission stays pending until the weekly payout by mobile money to the payout number you set on your Earnings page.",
    to: "5 000 FCFA for each visit the student confirms took place, at most once per student in each of their subscription periods. The commission stays pending until the weekly payout, every Monday at 00:00 (Buea time) unless your Earnings page shows another date: your commissions confirmed before then go out in one mobile-money transfer to the payout number you set on your Earnings page, and count as paid once the provider confirms it (we e-mail you). If a transfer fails, the page shows why and the commissions go out with the next payout.",
  },
  {
    table: "faq_entries",
    column: "answer_fr",
    from: "5 000 FCFA pour chaque visite dont l'étudiant confirme qu'elle a eu lieu, au plus une fois par étudiant pour chacune de ses périodes d'abonnement. La commission reste en attente jusqu'au versement hebdomadaire par mobile money sur le numéro de versement indiqué sur votre page Gains.",
    to: "5 000 FCFA pour chaque visite dont l'étudiant confirme qu'elle a eu lieu, au plus une fois par étudiant pour chacune de ses périodes d'abonnement. La commission reste en attente jusqu'au versement hebdomadaire, chaque lundi à 00 h 00 (heure de Buea) sauf si votre page Gains indique une autre date : vos commissions confirmées avant ce moment partent en un seul transfert mobile money sur le numéro de versement indiqué sur votre page Gains, et sont versées une fois le transfert confirmé par le prestataire (nous vous écrivons). Si un transfert échoue, la page en affiche le motif et les commissions partent avec le versement suivant.",
  },
];

async function rewrite(db: Kysely<any>, forward: boolean): Promise<void> {
  for (const r of PAYOUT_TEXTS) {
    const [from, to] = forward ? [r.from, r.to] : [r.to, r.from];
    const column = sql.ref(r.column);
    if (r.table === "legal_pages") {
      await sql`update legal_pages set ${column} = replace(${column}, ${from}, ${to}), updated_at = ${AT}
        where slug = ${r.slug} and replace(${column}, ${from}, ${to}) <> ${column}`.execute(db);
    } else {
      await sql`update faq_entries set ${column} = ${to}, updated_at = ${AT} where ${column} = ${from}`.execute(db);
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("payouts_trans_id_idx").on("payouts").column("trans_id").execute();
  await rewrite(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rewrite(db, false);
  await db.schema.dropIndex("payouts_trans_id_idx").ifExists().execute();
}
