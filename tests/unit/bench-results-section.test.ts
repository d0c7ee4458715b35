// bench/RESULTS.md is written by `npm run bench` and by commands that own one marked section
// (bench/results-sections.ts): `npm run bench:load`'s must survive the others.
import { describe, expect, it } from "vitest";
import { sectionOf, withSection } from "../../bench/results-sections";

const loadSectionOf = (text: string) => sectionOf(text, "load") ?? "";
const withLoadSection = (text: string, body: string) => withSection(text, "load", body);

const benchReport = "# Benchmark results\n\n## Server\n\n| a | b |\n";

describe("the load section of bench/RESULTS.md", () => {
  it("is appended after the benchmark's report when the file has none", () => {
    const text = withLoadSection(benchReport, "## Mixed load\n\n42 req/s");
    expect(text.startsWith(benchReport.trimEnd())).toBe(true);
    expect(loadSectionOf(text)).toContain("42 req/s");
  });

  it("replaces only itself on the next load run", () => {
    const first = withLoadSection(benchReport, "## Mixed load\n\n42 req/s");
    const second = withLoadSection(first + "\n## Query plans\n\nplan text\n", "## Mixed load\n\n99 req/s $& $1");
    expect(second).toContain("## Server");
    expect(second).toContain("plan text");
    // Replacement patterns in the new figures are taken literally.
    expect(loadSectionOf(second)).toContain("99 req/s $& $1");
    expect(second).not.toContain("42 req/s");
    expect(second.match(/bench:load start/g)).toHaveLength(1);
  });

  it("is found again by the benchmark, so it can carry it into the file it rewrites", () => {
    const text = withLoadSection(benchReport, "## Mixed load\n\n42 req/s");
    const rewritten = "# Benchmark results\n\nnew figures\n\n" + loadSectionOf(text) + "\n";
    expect(loadSectionOf(rewritten)).toBe(loadSectionOf(text));
    expect(loadSectionOf(benchReport)).toBe("");
  });
});
