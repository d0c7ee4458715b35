import type { MailMessage } from "../shared/mailer.port";
import type { NewListingMatch } from "./new-listing-finder.port";

/** 25000 → "25 000 FCFA", the way amounts are written across the site. */
export const formatFcfa = (amount: number): string => `${String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, " ")} FCFA`;

type DigestLanguage = "en" | "fr";

/** The digest's words in each language the site speaks (the account's e-mail language). */
const WORDS: Record<
  DigestLanguage,
  {
    from: (amount: string) => string;
    upTo: (amount: string) => string;
    yourSearch: string;
    hello: (name: string) => string;
    someone: string;
    intro: (count: number) => string;
    allResults: string;
    aMonth: string;
    manage: string;
    subject: (count: number) => string;
    /** Before a link: French sets a space before the colon. */
    colon: string;
  }
> = {
  en: {
    from: (a) => `from ${a}`,
    upTo: (a) => `up to ${a}`,
    yourSearch: "Your saved search",
    hello: (name) => `Hello ${name},`,
    someone: "there",
    intro: (count) => `${count === 1 ? "A new listing matches" : `${count} new listings match`} your saved searches on KamerNest.`,
    allResults: "All results",
    aMonth: "a month",
    manage: "Manage your saved searches",
    subject: (count) => (count === 1 ? "A new listing matches your saved search" : `${count} new listings match your saved searches`),
    colon: ": ",
  },
  fr: {
    from: (a) => `à partir de ${a}`,
    upTo: (a) => `jusqu'à ${a}`,
    yourSearch: "Votre recherche enregistrée",
    hello: (name) => `Bonjour ${name},`,
    someone: "",
    intro: (count) =>
      count === 1
        ? "Une nouvelle annonce correspond à vos recherches enregistrées sur KamerNest."
        : `${count} nouvelles annonces correspondent à vos recherches enregistrées sur KamerNest.`,
    allResults: "Tous les résultats",
    aMonth: "par mois",
    manage: "Gérer vos recherches enregistrées",
    subject: (count) =>
      count === 1
        ? "Une nouvelle annonce correspond à votre recherche enregistrée"
        : `${count} nouvelles annonces correspondent à vos recherches enregistrées`,
    colon: "\u00a0: ",
  },
};

/** A short human label for a saved query string, e.g. "Molyko, Bomaka · studio · up to 40 000 FCFA". */
export function describeSearch(query: string, language: DigestLanguage = "en"): string {
  const w = WORDS[language] ?? WORDS.en;
  const p = new URLSearchParams(query);
  const parts: string[] = [];
  const q = p.get("q");
  if (q) parts.push(`“${q}”`);
  if (p.getAll("n").length > 0) parts.push(p.getAll("n").join(", "));
  if (p.getAll("type").length > 0) parts.push(p.getAll("type").join(", "));
  const min = Number(p.get("min"));
  const max = Number(p.get("max"));
  if (p.get("min") && Number.isFinite(min)) parts.push(w.from(formatFcfa(min)));
  if (p.get("max") && Number.isFinite(max)) parts.push(w.upTo(formatFcfa(max)));
  // Filters without a label here (amenities, distance) still count: the link shows them.
  return parts.length > 0 ? parts.join(" · ") : w.yourSearch;
}

export interface DigestSection {
  query: string;
  matches: NewListingMatch[];
}

/** One e-mail for one user, in the language of their e-mails, a section per saved search with news. */
export function digestEmail(
  to: { email: string; fullName: string; language?: DigestLanguage },
  sections: DigestSection[],
  appUrl: string,
): MailMessage {
  const w = WORDS[to.language ?? "en"] ?? WORDS.en;
  const count = sections.reduce((n, s) => n + s.matches.length, 0);
  const firstName = to.fullName.trim().split(/\s+/)[0] || w.someone;
  const lines = [w.hello(firstName).replace(" ,", ","), "", w.intro(count)];
  for (const section of sections) {
    // Links stand alone at the end of their line: mail clients would otherwise swallow a ")" or ",".
    lines.push("", describeSearch(section.query, to.language), `${w.allResults}${w.colon}${appUrl}/listings?${section.query}`);
    for (const m of section.matches) {
      const place = m.title.toLowerCase().includes(m.neighbourhood.toLowerCase()) ? "" : ` · ${m.neighbourhood}`;
      lines.push(`- ${m.title}${place} · ${formatFcfa(m.monthlyRent)} ${w.aMonth}${w.colon}${appUrl}/listings/${m.id}`);
    }
  }
  lines.push("", `${w.manage}${w.colon}${appUrl}/profile`, "", "KamerNest");
  return { to: to.email, subject: w.subject(count), text: `${lines.join("\n")}\n` };
}
