// CSV for spreadsheets (RFC 4180, CRLF lines). Safe against formula injection: a text cell that a
// spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) gets a
// leading apostrophe, so "=HYPERLINK(…)" in a listing title stays text (OWASP's advice).
// Numbers are written as numbers: a negative count never occurs, and a number is never a formula.

export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The file's text, with a byte-order mark so spreadsheet programs read accents (French titles) right. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
