import { sql, type Kysely } from "kysely";

// Issue 35 (decision 0218): the privacy policy and the FAQ said "write to us" to see or close an
// account; people now download their data and close their account from /profile. Each paragraph
// is replaced only where it is still the seeded text (an admin's edit is kept), and the page's date
// moves only when something changed. New databases get the new text from the seed.
const AT = "2026-11-28T10:00:00.000Z";

const PRIVACY: Array<{ column: "body_en" | "body_fr"; from: string; to: string }> = [
  {
    column: "body_en",
    from: "You can remove listings from your wishlist yourself. To clear your view or search history, or to close your account, write to us from the contact page with the e-mail address of the account. We delete your account, history, wishlist, saved searches and messages within 30 days, and keep only the payment records the law requires. Reviews you wrote are kept without your name.",
    to: "You can remove listings from your wishlist yourself, and close your account yourself from your profile (Your data → Close my account) with your password. You are signed out everywhere at once; your name, e-mail address and phone are removed (the address can open a new account); your wishlist, view and search histories, saved searches and preferences are deleted. Payment, commission and payout records stay for 10 years, as the law requires, linked to the closed account without your name; reviews and messages you wrote stay, shown as “Former user”. An account cannot close while something is still open (a visit booked on an agent's listing, unpaid earnings, a guest's stay at a host's house, a pending payment) or if it is the last administrator: the page says what to settle first. To clear only your view or search history, write to us from the contact page.",
  },
  {
    column: "body_en",
    from: "You can ask to see the data we hold about you, to correct it, to delete it, or to object to a use of it. We answer within 30 days. If you are not satisfied with our answer, you may complain to the competent Cameroonian authority.",
    to: "You can download everything we hold about you from your profile (Your data → Download my data), with your password: one JSON file with your account, preferences, wishlist, histories, saved searches, bookings, payments and their references, messages, reviews, reports, guest-house requests and, for agents and hosts, listings, earnings, payouts and the names and dates of your documents. You can correct your name and phone on your profile, and ask us to correct anything else, to delete it, or to object to a use of it. We answer within 30 days. If you are not satisfied with our answer, you may complain to the competent Cameroonian authority.",
  },
  {
    column: "body_fr",
    from: "Vous pouvez retirer vous-même des annonces de vos favoris. Pour effacer votre historique de consultation ou de recherche, ou pour fermer votre compte, écrivez-nous depuis la page de contact avec l'adresse e-mail du compte. Nous supprimons votre compte, vos historiques, vos favoris, vos recherches enregistrées et vos messages sous 30 jours, et ne gardons que les justificatifs de paiement exigés par la loi. Les avis que vous avez écrits sont conservés sans votre nom.",
    to: "Vous pouvez retirer vous-même des annonces de vos favoris, et fermer vous-même votre compte depuis votre profil (Vos données → Fermer mon compte) avec votre mot de passe. Vous êtes déconnecté partout immédiatement ; votre nom, votre adresse e-mail et votre téléphone sont effacés (l'adresse peut ouvrir un nouveau compte) ; vos favoris, historiques de consultation et de recherche, recherches enregistrées et préférences sont supprimés. Les justificatifs de paiement, de commission et de versement sont conservés 10 ans, comme l'exige la loi, rattachés au compte fermé sans votre nom ; vos avis et messages restent, affichés comme « Former user » (ancien utilisateur). Un compte ne peut pas être fermé tant que quelque chose est en cours (une visite réservée sur l'annonce d'un agent, des commissions non versées, le séjour d'un voyageur chez un hôte, un paiement en attente) ni s'il est le dernier administrateur : la page indique ce qu'il faut régler d'abord. Pour effacer seulement votre historique de consultation ou de recherche, écrivez-nous depuis la page de contact.",
  },
  {
    column: "body_fr",
    from: "Vous pouvez demander à consulter les données que nous détenons sur vous, à les corriger, à les supprimer ou à vous opposer à un usage. Nous répondons sous 30 jours. Si notre réponse ne vous satisfait pas, vous pouvez saisir l'autorité camerounaise compétente.",
    to: "Vous pouvez télécharger tout ce que nous détenons sur vous depuis votre profil (Vos données → Télécharger mes données), avec votre mot de passe : un fichier JSON avec votre compte, vos préférences, vos favoris, vos historiques, vos recherches enregistrées, vos réservations, vos paiements et leurs références, vos messages, vos avis, vos signalements, vos demandes de maisons d'hôtes et, pour les agents et les hôtes, les annonces, commissions, versements et le nom et la date de vos documents. Vous pouvez corriger votre nom et votre téléphone sur votre profil, et nous demander de corriger le reste, de le supprimer ou de vous opposer à un usage. Nous répondons sous 30 jours. Si notre réponse ne vous satisfait pas, vous pouvez saisir l'autorité camerounaise compétente.",
  },
];

const FAQ: Array<{ column: "answer_en" | "answer_fr"; from: string; to: string }> = [
  {
    column: "answer_en",
    from: "Write to us from the contact page with the e-mail address of your account. We delete your data within 30 days, except the payment records the law asks us to keep.",
    to: "From your profile: Your data → Close my account, with your password. You are signed out at once, your name, e-mail and phone are removed and your wishlist, histories and saved searches deleted; payment records stay for 10 years without your name, as the law requires. You can download your data first (Your data → Download my data).",
  },
  {
    column: "answer_fr",
    from: "Écrivez-nous depuis la page de contact avec l'adresse e-mail de votre compte. Nous supprimons vos données sous 30 jours, sauf les justificatifs de paiement que la loi nous oblige à garder.",
    to: "Depuis votre profil : Vos données → Fermer mon compte, avec votre mot de passe. Vous êtes déconnecté immédiatement, votre nom, votre e-mail et votre téléphone sont effacés et vos favoris, historiques et recherches enregistrées supprimés ; les justificatifs de paiement sont gardés 10 ans sans votre nom, comme l'exige la loi. Vous pouvez d'abord télécharger vos données (Vos données → Télécharger mes données).",
  },
];

async function rewrite(db: Kysely<any>, forward: boolean): Promise<void> {
  for (const r of PRIVACY) {
    const [from, to] = forward ? [r.from, r.to] : [r.to, r.from];
    const column = sql.ref(r.column);
    await sql`update legal_pages set ${column} = replace(${column}, ${from}, ${to}), updated_at = ${AT}
      where slug = 'privacy' and replace(${column}, ${from}, ${to}) <> ${column}`.execute(db);
  }
  for (const r of FAQ) {
    const [from, to] = forward ? [r.from, r.to] : [r.to, r.from];
    const column = sql.ref(r.column);
    await sql`update faq_entries set ${column} = ${to}, updated_at = ${AT} where ${column} = ${from}`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await rewrite(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rewrite(db, false);
}
