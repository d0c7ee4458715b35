// bench/RESULTS.md is written by several scripts: `npm run bench` writes the whole file, and the
// scripts that measure one thing (`bench:plans`, `bench -- --only search`) each own a section
// between two markers, which the others keep as it is (`npm run bench:load` too).
import fs from "node:fs";

const markers = (name: string) => [`<!-- bench:${name} start -->`, `<!-- bench:${name} end -->`] as const;

/** The section, markers included, or null when the text has none. */
export function sectionOf(text: string, name: string): string | null {
  const [start, end] = markers(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  return from >= 0 && to > from ? text.slice(from, to + end.length) : null;
}

/** The text with the section's body replaced, or the section appended when there was none. */
export function withSection(text: string, name: string, body: string): string {
  const [start, end] = markers(name);
  const section = `${start}\n${body.trim()}\n${end}`;
  const old = sectionOf(text, name);
  return old ? text.replace(old, () => section) : `${text.trimEnd()}\n\n${section}\n`;
}

export const RESULTS_FILE = "bench/RESULTS.md";

export function readResults(file = RESULTS_FILE): string {
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmark results\n";
}
