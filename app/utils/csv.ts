// CSV for spreadsheets (RFC 4180, CRLF). A cell that a spreadsheet would read as a formula
// (starting with = + - @, or a tab or carriage return) is prefixed with ' (OWASP CSV injection).

export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
