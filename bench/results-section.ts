// bench/RESULTS.md is written by two commands: `npm run bench` (the whole file) and
// `npm run bench:load` (its own section). The load section lives between two markers, so each
// command rewrites only what it measured and keeps the other's figures.
import fs from "node:fs";

export const RESULTS_FILE = "bench/RESULTS.md";
const BEGIN = "<!-- bench:load begin (written by npm run bench:load) -->";
const END = "<!-- bench:load end -->";

/** The load section of `text` with its markers, or "" when there is none. */
export function loadSectionOf(text: string): string {
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END, start);
  return start >= 0 && end > start ? text.slice(start, end + END.length) : "";
}

/** `text` with the load section replaced by `body` (appended when it had none). */
export function withLoadSection(text: string, body: string): string {
  const section = `${BEGIN}\n${body.trim()}\n${END}`;
  const old = loadSectionOf(text);
  if (old) return text.replace(old, () => section);
  return `${text.trimEnd()}\n\n${section}\n`;
}

export function readResults(file = RESULTS_FILE): string {
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmark results\n";
}
