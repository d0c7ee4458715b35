// English and French hold the same keys in every namespace: a key missing in one language shows
// its raw name to that reader. (Plural forms are kept in both files, decision in commit history:
// English carries French's `_many` too.)
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve("public/locales");

function keys(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const read = (language: string, file: string) => JSON.parse(fs.readFileSync(path.join(root, language, file), "utf8")) as unknown;

describe("locales", () => {
  const english = fs
    .readdirSync(path.join(root, "en"))
    .filter((f) => f.endsWith(".json"))
    .sort();
  const french = fs
    .readdirSync(path.join(root, "fr"))
    .filter((f) => f.endsWith(".json"))
    .sort();

  it("have the same namespaces in English and French", () => {
    expect(french).toEqual(english);
  });

  it.each(english)("%s has the same keys in English and French, none empty", (file) => {
    const en = read("en", file);
    const fr = read("fr", file);
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    for (const [language, tree] of [
      ["en", en],
      ["fr", fr],
    ] as const) {
      for (const key of keys(tree)) {
        const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
        if (typeof value === "string") expect(value.trim(), `${language}/${file} ${key}`).not.toBe("");
      }
    }
  });
});
