import { sql, type Kysely } from "kysely";

// Issue 35 (decisions 0227, 0229): the privacy policy states the periods the retention job
// enforces (contact messages 12 months, agents' and hosts' verification documents 90 days after the
// decision, copies of the e-mails we send 30 days), and the French text names a closed account the
// way the pages show it, « Ancien utilisateur », not "Former user". Each passage is replaced only
// where it is still the seeded text (an admin's edit is kept), and the page's date moves only when
// something changed. New databases get the new text from the seed.
const AT = "2026-11-28T13:00:00.000Z";

export const RETENTION_TEXTS: Array<{ column: "body_en" | "body_fr"; from: string; to: string }> = [
  {
    column: "body_en",
    from: "- Contact messages: 12 months.\n- Server logs: 30 days.",
    to: "- Contact messages: 12 months, then deleted automatically.\n- Verification documents of agents and hosts: 90 days after our decision on them, then deleted automatically; the decision, its date and who made it are kept.\n- Copies of the e-mails we send you: 30 days, then deleted automatically.\n- Server logs: 30 days.",
  },
  {
    column: "body_fr",
    from: "- Messages de contact : 12 mois.\n- Journaux du serveur : 30 jours.",
    to: "- Messages de contact : 12 mois, puis supprimés automatiquement.\n- Documents de vérification des agents et des hôtes : 90 jours après notre décision, puis supprimés automatiquement ; la décision, sa date et son auteur sont conservés.\n- Copies des e-mails que nous vous envoyons : 30 jours, puis supprimées automatiquement.\n- Journaux du serveur : 30 jours.",
  },
  {
    column: "body_fr",
    from: "vos avis et messages restent, affichés comme « Former user » (ancien utilisateur).",
    to: "vos avis et messages restent, affichés comme « Ancien utilisateur ».",
  },
];

async function rewrite(db: Kysely<any>, forward: boolean): Promise<void> {
  for (const r of RETENTION_TEXTS) {
    const [from, to] = forward ? [r.from, r.to] : [r.to, r.from];
    const column = sql.ref(r.column);
    await sql`update legal_pages set ${column} = replace(${column}, ${from}, ${to}), updated_at = ${AT}
      where slug = 'privacy' and replace(${column}, ${from}, ${to}) <> ${column}`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await rewrite(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rewrite(db, false);
}
