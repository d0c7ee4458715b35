// The CSV writer behind every export (admin bookings, admin reports, agent reports): every text cell
// quoted, and no cell beginning, at the start or after any separator a spreadsheet may split on,
// that runs as a formula (OWASP's CSV injection advice). Property-based over hostile text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, neutraliseFormulas, toCsv } from "~/utils/csv";

const SEPARATORS = /[,;\t\r\n]/;
const FORMULA_STARTS = ["=", "+", "-", "@"];

/** An RFC 4180 reader: rows of cells, quoted cells unquoted. Throws on a malformed quote. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const endCell = () => {
    if (i < text.length && text[i] === ",") {
      i += 1;
      return false;
    }
    if (text.startsWith("\r\n", i)) {
      i += 2;
      return true;
    }
    if (i >= text.length) return true;
    throw new Error(`unexpected ${JSON.stringify(text[i])} at ${i}`);
  };
  while (i < text.length) {
    let cell = "";
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        if (i >= text.length) throw new Error("unterminated quote");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        cell += text[i];
        i += 1;
      }
    } else {
      while (i < text.length && text[i] !== "," && text[i] !== "\r") {
        if (text[i] === '"' || text[i] === "\n") throw new Error(`bare ${JSON.stringify(text[i])} in an unquoted cell`);
        cell += text[i];
        i += 1;
      }
    }
    row.push(cell);
    if (endCell()) {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

/** Would a spreadsheet run this cell beginning (what follows a start or a separator) as a formula? */
const runsAsFormula = (piece: string) => FORMULA_STARTS.includes(piece.trimStart()[0] ?? "");

/** `original` with only apostrophes added. */
function onlyApostrophesAdded(original: string, written: string): boolean {
  let j = 0;
  for (let k = 0; k < written.length; k += 1) {
    const ch = written[k];
    if (j < original.length && ch === original[j]) j += 1;
    else if (ch !== "'") return false;
  }
  return j === original.length;
}

// Text with many separators, formula starts, quotes and blanks, and any text at all.
const hostile = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.fullUnicodeString({ maxLength: 30 }),
  fc
    .array(
      fc.constantFrom("=", "+", "-", "@", ",", ";", "\t", "\r", "\n", " ", '"', "'", "a", "1", "HYPERLINK(", "cmd|' /C calc'!A0", "é"),
      { maxLength: 25 },
    )
    .map((parts) => parts.join("")),
);

describe("CSV export", () => {
  it("quotes every text cell: the reader gets back each cell, a separator inside a cell never splits it", () => {
    fc.assert(
      fc.property(fc.array(fc.array(hostile, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }), (rows) => {
        const text = toCsv(rows);
        expect(text.startsWith("\uFEFF")).toBe(true);
        const read = readCsv(text.slice(1));
        expect(read.map((r) => r.length)).toEqual(rows.map((r) => r.length));
        read.forEach((r, y) => r.forEach((cell, x) => expect(onlyApostrophesAdded(rows[y][x], cell)).toBe(true)));
        for (const row of rows) for (const cell of row) expect(csvCell(cell)).toMatch(/^"[\s\S]*"$/);
      }),
      { numRuns: 300 },
    );
  });

  it("no cell beginning runs as a formula, at the start or after , ; tab CR or LF", () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const [cell] = readCsv(`${csvCell(value)}\r\n`)[0];
        // OWASP: no cell starts with a formula start, a tab or a carriage return.
        if (cell !== "") expect(["=", "+", "-", "@", "\t", "\r"]).not.toContain(cell[0]);
        // Split wherever a spreadsheet may: every piece begins with the apostrophe or is no formula.
        for (const piece of cell.split(SEPARATORS)) expect(piece.startsWith("'") || !runsAsFormula(piece)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("leaves text without a formula beginning as it was", () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const risky = runsAsFormula(value) || /^[\t\r]/.test(value) || value.split(SEPARATORS).slice(1).some(runsAsFormula);
        if (!risky) expect(neutraliseFormulas(value)).toBe(value);
      }),
      { numRuns: 500 },
    );
  });

  it("writes numbers bare, as numbers; a non-finite number or null is an empty cell", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), (n) => {
        expect(csvCell(n)).toBe(String(n));
        // -0 is written "0" (String(-0)), which reads back as 0: a sheet has no negative zero.
        expect(Number(readCsv(`${csvCell(n)}\r\n`)[0][0])).toBe(Object.is(n, -0) ? 0 : n);
      }),
    );
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(-0)).toBe("0");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(Number.POSITIVE_INFINITY)).toBe("");
    expect(csvCell(null)).toBe("");
  });

  it("the cases from the review and OWASP's examples", () => {
    expect(csvCell("Molyko room")).toBe('"Molyko room"');
    expect(csvCell("")).toBe('""');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('Room;=HYPERLINK("http://evil")')).toBe('"Room;\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("Room\t+cmd")).toBe('"Room\t\'+cmd"');
    expect(csvCell("a, -2+3")).toBe('"a,\' -2+3"');
    expect(csvCell("\tx")).toBe('"\'\tx"');
    expect(csvCell("\rx")).toBe('"\'\rx"');
    expect(csvCell("line\n@SUM(A1)")).toBe('"line\n\'@SUM(A1)"');
    // OWASP: =1+2";=1+2 and =1+2'" ;,=1+2
    expect(csvCell('=1+2";=1+2')).toBe('"\'=1+2"";\'=1+2"');
    expect(csvCell("=1+2'\" ;,=1+2")).toBe('"\'=1+2\'"" ;,\'=1+2"');
    expect(csvCell("Chambre à Molyko, 2 000 FCFA")).toBe('"Chambre à Molyko, 2 000 FCFA"');
    expect(
      toCsv([
        ["a", 1],
        ["b", null],
      ]),
    ).toBe('\uFEFF"a",1\r\n"b",\r\n');
  });
});
