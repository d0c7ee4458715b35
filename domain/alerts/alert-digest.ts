import type { MailMessage } from "../shared/mailer.port";
import type { NewListingMatch } from "./new-listing-finder.port";

/** 25000 → "25 000 FCFA", the way amounts are written across the site. */
export const formatFcfa = (amount: number): string => `${String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, " ")} FCFA`;

/** A short human label for a saved query string, e.g. "Molyko, Bomaka · studio · up to 40 000 FCFA". */
export function describeSearch(query: string): string {
  const p = new URLSearchParams(query);
  const parts: string[] = [];
  const q = p.get("q");
  if (q) parts.push(`“${q}”`);
  if (p.getAll("n").length > 0) parts.push(p.getAll("n").join(", "));
  if (p.getAll("type").length > 0) parts.push(p.getAll("type").join(", "));
  const min = Number(p.get("min"));
  const max = Number(p.get("max"));
  if (p.get("min") && Number.isFinite(min)) parts.push(`from ${formatFcfa(min)}`);
  if (p.get("max") && Number.isFinite(max)) parts.push(`up to ${formatFcfa(max)}`);
  // Filters without a label here (amenities, distance) still count: the link shows them.
  return parts.length > 0 ? parts.join(" · ") : "Your saved search";
}

export interface DigestSection {
  query: string;
  matches: NewListingMatch[];
}

/** One e-mail for one user, a section per saved search with news. */
export function digestEmail(to: { email: string; fullName: string }, sections: DigestSection[], appUrl: string): MailMessage {
  const count = sections.reduce((n, s) => n + s.matches.length, 0);
  const firstName = to.fullName.trim().split(/\s+/)[0] || "there";
  const lines = [
    `Hello ${firstName},`,
    "",
    `${count === 1 ? "A new listing matches" : `${count} new listings match`} your saved searches on KamerNest.`,
  ];
  for (const section of sections) {
    // Links stand alone at the end of their line: mail clients would otherwise swallow a ")" or ",".
    lines.push("", describeSearch(section.query), `All results: ${appUrl}/listings?${section.query}`);
    for (const m of section.matches) {
      const place = m.title.toLowerCase().includes(m.neighbourhood.toLowerCase()) ? "" : ` · ${m.neighbourhood}`;
      lines.push(`- ${m.title}${place} · ${formatFcfa(m.monthlyRent)} a month: ${appUrl}/listings/${m.id}`);
    }
  }
  lines.push("", `Manage your saved searches: ${appUrl}/profile`, "", "KamerNest");
  return {
    to: to.email,
    subject: count === 1 ? "A new listing matches your saved search" : `${count} new listings match your saved searches`,
    text: `${lines.join("\n")}\n`,
  };
}
