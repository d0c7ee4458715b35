// The site's help content (issue 11): the FAQ entries, grouped and ordered, and the three legal
// pages, each in English and French. Texts are Markdown, rendered by the MarkdownRenderer port;
// an empty French text falls back to the English one. Admins edit them (help-content.use-cases.ts).

/** The FAQ's groups, in the order the page shows them; their headings are translated in app/. */
export const FAQ_GROUPS = ["finding", "visits", "paying", "guestHouses", "agents", "account"] as const;
export type FaqGroup = (typeof FAQ_GROUPS)[number];
export const isFaqGroup = (v: unknown): v is FaqGroup => typeof v === "string" && (FAQ_GROUPS as readonly string[]).includes(v);

/** The legal pages, by their public path (/terms, /terms-agents, /privacy). */
export const LEGAL_SLUGS = ["terms", "terms-agents", "privacy"] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];
export const isLegalSlug = (v: unknown): v is LegalSlug => typeof v === "string" && (LEGAL_SLUGS as readonly string[]).includes(v);

export const HELP_LANGUAGES = ["en", "fr"] as const;
export type HelpLanguage = (typeof HELP_LANGUAGES)[number];

export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 4000;
export const LEGAL_TITLE_MAX = 150;
export const LEGAL_BODY_MAX = 60000;

export interface FaqEntry {
  id: string;
  group: FaqGroup;
  /** Order within the group, smallest first (ties by id). */
  position: number;
  questionEn: string;
  questionFr: string;
  answerEn: string;
  answerFr: string;
  updatedAt: Date;
  updatedBy: string | null;
}

export interface LegalPage {
  slug: LegalSlug;
  titleEn: string;
  titleFr: string;
  bodyEn: string;
  bodyFr: string;
  updatedAt: Date;
  updatedBy: string | null;
}

/** The text in a language: the French one when there is one, else the English one. */
export function inLanguage(texts: { en: string; fr: string }, language: HelpLanguage): string {
  return language === "fr" && texts.fr.trim() !== "" ? texts.fr : texts.en;
}

/** Entries in the page's order: by group (FAQ_GROUPS), then position, then id. */
export function compareFaqEntries(a: FaqEntry, b: FaqEntry): number {
  return FAQ_GROUPS.indexOf(a.group) - FAQ_GROUPS.indexOf(b.group) || a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export interface LegalSection {
  /** The anchor: the heading's words, lower case, without accents. */
  id: string;
  heading: string;
  /** The section's Markdown, without its heading. */
  body: string;
}

/** A legal page's Markdown cut at its `## ` headings: the text before the first one, and the sections. */
export function splitLegalBody(markdown: string): { intro: string; sections: LegalSection[] } {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const intro: string[] = [];
  const sections: Array<{ heading: string; lines: string[] }> = [];
  let fenced = false;
  for (const line of lines) {
    if (/^\s{0,3}(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^ {0,3}## +(.+?)\s*#*\s*$/.exec(line);
    if (heading) sections.push({ heading: heading[1], lines: [] });
    else if (sections.length > 0) sections[sections.length - 1].lines.push(line);
    else intro.push(line);
  }
  const used = new Set<string>();
  return {
    intro: intro.join("\n").trim(),
    sections: sections.map((s, i) => {
      let id = anchorOf(s.heading) || `section-${i + 1}`;
      if (used.has(id)) id = `${id}-${i + 1}`;
      used.add(id);
      return { id, heading: s.heading, body: s.lines.join("\n").trim() };
    }),
  };
}

/** "3. Visit booking: 8 000 FCFA" → "3-visit-booking-8-000-fcfa"; "Données" → "donnees". */
export function anchorOf(heading: string): string {
  return heading
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}
