// Amounts and dates for people: Intl does the work, FCFA is the label students know.
const xafNumber = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0, useGrouping: true });

/** 8000 → "8 000 FCFA" (a plain space between thousands, whatever the language). */
export function formatXaf(amount: number): string {
  // fr-FR groups with a narrow no-break space (U+202F); a plain space reads the same and matches search.
  return `${xafNumber.format(amount).replace(/[\u202f\u00a0]/g, " ")} FCFA`;
}

const localeTag = (language: string) => (language === "fr" ? "fr-CM" : "en-GB");

// Building an Intl formatter costs far more than using one (a list page formats dozens of
// figures): each one is made once per language and set of options, then reused.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cachedFormatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(
  kind: string,
  language: string,
  options: object,
  make: () => T,
): T {
  const key = `${kind}|${localeTag(language)}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** An Intl.NumberFormat for the language, made once. */
export const numberFormat = (language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  cachedFormatter("n", language, options, () => new Intl.NumberFormat(localeTag(language), options));

/** A calendar date, e.g. "22 November 2026" / "22 novembre 2026". Times are shown in Buea's zone. */
export function formatDate(value: Date | string, language: string, options: Intl.DateTimeFormatOptions = {}): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return cachedFormatter(
    "d",
    language,
    options,
    () =>
      new Intl.DateTimeFormat(localeTag(language), {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "Africa/Douala",
        ...options,
      }),
  ).format(date);
}

/** A calendar date (YYYY-MM-DD) as people write it: "18 December 2026" / "18 décembre 2026". */
export function formatCalendarDate(date: string, language: string): string {
  // Noon UTC is the same calendar day in Buea (UTC+1).
  return formatDate(`${date}T12:00:00Z`, language);
}

export function formatDateTime(value: Date | string, language: string): string {
  return formatDate(value, language, { hour: "2-digit", minute: "2-digit" });
}

/** Metres for people: "450 m", "1.2 km". */
export function formatDistance(metres: number, language: string): string {
  if (metres < 1000) return `${Math.round(metres / 10) * 10} m`;
  const km = numberFormat(language, { maximumFractionDigits: 1 }).format(metres / 1000);
  return `${km} km`;
}
