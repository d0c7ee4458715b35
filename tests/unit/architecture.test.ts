// The dependency rule, checked on every run: domain/ depends on nothing outside itself,
// infrastructure/ never reaches into app/, and only the composition root in app/ imports infrastructure/.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .map((f) => path.join(dir, f));
}

const importPattern = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

export function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  return [...text.matchAll(importPattern)].map((m) => m[1] ?? m[2] ?? m[3]);
}

const resolvesInto = (file: string, specifier: string, folder: string) => {
  if (specifier.startsWith("~/")) return folder === "app";
  if (specifier.startsWith("#domain/")) return folder === "domain";
  if (specifier.startsWith("#infrastructure/")) return folder === "infrastructure";
  if (!specifier.startsWith(".")) return false;
  const target = path.relative(root, path.resolve(root, path.dirname(file), specifier));
  return target === folder || target.startsWith(`${folder}${path.sep}`);
};

describe("architecture", () => {
  it("keeps domain/ free of frameworks, drivers, node I/O and outer layers", () => {
    const offences: string[] = [];
    for (const file of sourceFiles("domain")) {
      for (const spec of importsOf(file)) {
        const relative = spec.startsWith(".");
        const leavesDomain = relative && !resolvesInto(file, spec, "domain");
        if (leavesDomain || !relative) offences.push(`${file} imports ${spec}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it("keeps infrastructure/ out of app/", () => {
    const offences = sourceFiles("infrastructure").flatMap((file) =>
      importsOf(file)
        .filter((s) => resolvesInto(file, s, "app"))
        .map((s) => `${file} imports ${s}`),
    );
    expect(offences).toEqual([]);
  });

  it("lets only the composition root (app/services.server.ts and app/wiring/) import infrastructure/", () => {
    const offences = sourceFiles("app")
      .filter((file) => file !== path.join("app", "services.server.ts") && !file.startsWith(path.join("app", "wiring")))
      .flatMap((file) =>
        importsOf(file)
          .filter((s) => resolvesInto(file, s, "infrastructure"))
          .map((s) => `${file} imports ${s}`),
      );
    expect(offences).toEqual([]);
  });

  it("keeps migrations/ importing only kysely and each other", () => {
    const offences = sourceFiles("migrations").flatMap((file) =>
      importsOf(file)
        .filter((s) => s !== "kysely" && !s.startsWith("./"))
        .map((s) => `${file} imports ${s}`),
    );
    expect(offences).toEqual([]);
  });

  it("catches a crossing import (the check itself works)", () => {
    expect(resolvesInto("domain/booking/x.ts", "../../infrastructure/db/schema", "infrastructure")).toBe(true);
    expect(resolvesInto("domain/booking/x.ts", "../shared/result", "domain")).toBe(true);
    expect(resolvesInto("infrastructure/x.ts", "~/utils/format", "app")).toBe(true);
    expect(resolvesInto("app/routes/x.tsx", "#infrastructure/db/schema", "infrastructure")).toBe(true);
    expect(resolvesInto("app/routes/x.tsx", "#domain/shared/result", "domain")).toBe(true);
  });
});
