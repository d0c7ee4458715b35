// CSV for spreadsheets (RFC 4180, CRLF lines), safe against formula injection as OWASP advises
// (https://owasp.org/www-community/attacks/CSV_Injection):
// - every text cell is quoted (its quotes doubled), so a `;` or a tab inside it cannot end the
//   cell for a program that reads the file as one field per quoted value;
// - a cell must not begin with a formula start (= + - @, or a tab or carriage return), and the text
//   after any separator a spreadsheet may split on instead (`,`, `;`, tab, a line break: a French
//   Excel splits on `;`, "Text to columns" on what the user picks) is a cell beginning too: each
//   such beginning that leads to a formula start, after spaces, gets an apostrophe, which makes
//   the spreadsheet read the rest as text. "=HYPERLINK(…)" in a listing title stays text, and so
//   does "Room;=HYPERLINK(…)".
// Numbers are written bare, as numbers: a number is never a formula.

export type CsvCell = string | number | null;

/** Characters a spreadsheet may split a line into cells on. */
const SEPARATORS = new Set([",", ";", "\t", "\r", "\n"]);
const FORMULA_STARTS = new Set(["=", "+", "-", "@"]);
/** White space a spreadsheet may trim off a cell's beginning (any, to be safe: spaces, tabs, no-break spaces…). */
const BLANK = /\s/;

/** True when a cell beginning at `at` would be read as a formula: a formula start after any blanks. */
function formulaAt(text: string, at: number): boolean {
  let i = at;
  while (i < text.length && BLANK.test(text[i])) i += 1;
  return i < text.length && FORMULA_STARTS.has(text[i]);
}

/** The text with an apostrophe at each cell beginning that would run as a formula. */
export function neutraliseFormulas(text: string): string {
  // OWASP's list for the first character: a tab or carriage return alone is a formula start too.
  let out = text.startsWith("\t") || text.startsWith("\r") || formulaAt(text, 0) ? "'" : "";
  for (let i = 0; i < text.length; i += 1) {
    out += text[i];
    if (SEPARATORS.has(text[i]) && formulaAt(text, i + 1)) out += "'";
  }
  return out;
}

export function csvCell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  return `"${neutraliseFormulas(value).replace(/"/g, '""')}"`;
}

/** The file's text, with a byte-order mark so spreadsheet programs read accents (French titles) right. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
