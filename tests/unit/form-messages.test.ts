// No {{placeholder}} ever shows (issue 31, decision 0194): a validation message whose text names
// values carries them (app/utils/form-message.ts), and every translation of it fills them.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resources } from "~/i18next.server";
import { formMessage, isMessageKey, readFormMessage } from "~/utils/form-message";
import { translate, type Catalog } from "~/utils/translation";

const VARIABLE = /\{\{-?\s*([^{}\s]+)\s*\}\}/g;

function message(language: string, key: string): string | undefined {
  const [namespace, dotted] = key.split(":");
  let node: unknown = (resources[language] as Catalog | undefined)?.[namespace];
  for (const part of dotted.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name) ? [file] : [];
  });
}

describe("validation messages and their values", () => {
  it("every Zod schema message whose text names values is given them, in every language", () => {
    const problems: string[] = [];
    let carried = 0;
    for (const file of sourceFiles(path.resolve("app"))) {
      const source = fs.readFileSync(file, "utf8");
      // A module that builds a Zod schema: its "ns:key" strings are the schema's messages, but
      // for those a component translates itself, with its values, through t("ns:key", {...}).
      if (!/\bz\.(object|string|number|enum|array|boolean|coerce|discriminatedUnion)\(/.test(source)) continue;
      const where = path.relative(process.cwd(), file);
      for (const match of source.matchAll(/(\bt\(\s*|formMessage\(\s*)?"([a-z][a-z-]*:[A-Za-z0-9_.]+)"(\s*,\s*\{([^}]*)\})?/g)) {
        const [, before, key, , given] = match;
        if (before?.startsWith("t(")) continue;
        const supplied = before?.startsWith("formMessage")
          ? new Set([...(given ?? "").matchAll(/([A-Za-z_]\w*)\s*:/g)].map((m) => m[1]))
          : null;
        if (supplied) carried += 1;
        for (const language of Object.keys(resources)) {
          const text = message(language, key);
          if (text === undefined) continue;
          for (const [, name] of text.matchAll(VARIABLE)) {
            if (!supplied?.has(name)) problems.push(`${where}: ${key} (${language}) needs {{${name}}}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // The scan found the schemas' messages (a pattern that matched nothing would pass as well).
    expect(carried).toBeGreaterThan(20);
  });

  it("a carried message is translated with its values, and values given at the call win", () => {
    const catalog: Catalog = { portal: { errors: { invalid_address: "Give 3 to {{max}} characters." } } };
    const carried = formMessage("portal:errors.invalid_address", { max: 200 });
    expect(isMessageKey(carried)).toBe(true);
    expect(translate(catalog, "en", ["common"], carried)).toBe("Give 3 to 200 characters.");
    expect(translate(catalog, "en", ["common"], carried, { max: 9 })).toBe("Give 3 to 9 characters.");
    // The real messages, in both languages.
    for (const language of Object.keys(resources)) {
      const text = translate(resources[language] as Catalog, language, ["common"], carried);
      expect(text).toContain("200");
      expect(text).not.toContain("{{");
    }
  });

  it("reads only the carried shape: plain keys and translated sentences stay as they are", () => {
    expect(readFormMessage("portal:errors.invalid_address")).toBeNull();
    expect(readFormMessage('portal:errors.x{"max":3}')).toEqual({ key: "portal:errors.x", values: { max: 3 } });
    expect(readFormMessage("Note: use {braces}")).toBeNull();
    expect(readFormMessage("portal:errors.x{not json}")).toBeNull();
    expect(readFormMessage("portal:errors.x[1]")).toBeNull();
    expect(isMessageKey("Give an address of 3 to 200 characters.")).toBe(false);
    expect(isMessageKey("auth:errors.required_fields")).toBe(true);
  });
});
