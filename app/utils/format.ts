// Amounts and dates for people: Intl does the work, FCFA is the label students know.
const xafNumber = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0, useGrouping: true });

/** 8000 → "8 000 FCFA" (a plain space between thousands, whatever the language). */
export function formatXaf(amount: number): string {
  // fr-FR groups with a narrow no-break space (U+202F); a plain space reads the same and matches search.
  return `${xafNumber.format(amount).replace(/[\u202f\u00a0]/g, " ")} FCFA`;
}

const localeTag = (language: string) => (language === "fr" ? "fr-CM" : "en-GB");

/** A calendar date, e.g. "22 November 2026" / "22 novembre 2026". Times are shown in Buea's zone. */
export function formatDate(value: Date | string, language: string, options: Intl.DateTimeFormatOptions = {}): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return new Intl.DateTimeFormat(localeTag(language), {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Africa/Douala",
    ...options,
  }).format(date);
}

export function formatDateTime(value: Date | string, language: string): string {
  return formatDate(value, language, { hour: "2-digit", minute: "2-digit" });
}

/** Metres for people: "450 m", "1.2 km". */
export function formatDistance(metres: number, language: string): string {
  if (metres < 1000) return `${Math.round(metres / 10) * 10} m`;
  const km = new Intl.NumberFormat(localeTag(language), { maximumFractionDigits: 1 }).format(metres / 1000);
  return `${km} km`;
}
