// Never read or write a dependency's private (underscore) fields (issue 31): an upgrade may rename
// or drop them without notice, and the code that reached into pg's Query (decision 0179, superseded
// by 0191) broke no test until it did. Every property named with a leading underscore is flagged,
// in code and in types, wherever our own code runs (our own objects use no such names).
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const folders = ["app", "domain", "infrastructure", "server", "scripts", "migrations", "bench"];

/**
 * Underscore names that a dependency documents as public: each with where it says so.
 * - `_json`: remix-auth-google's `GoogleProfile` (the Passport profile format) declares `_json`,
 *   the provider's raw answer, as a field of its public type; our strategy builds that profile.
 */
const documented = new Set(["app/routes/auth+/google.server.ts _json"]);

function sourceFiles(dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|tsx|mts|js|mjs)$/.test(f) && !f.split(path.sep).some((part) => part.startsWith(".") || part === "node_modules"))
    .map((f) => path.join(dir, f));
}

/** Each `x._name`, `x["_name"]` and `{ _name: … }` in one file's text, as "line: name". */
export function underscoreFields(fileName: string, text: string): Array<{ line: number; name: string }> {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Array<{ line: number; name: string }> = [];
  const note = (node: ts.Node, name: string) => {
    if (/^_[A-Za-z]/.test(name)) found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, name });
  };
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node)) note(node.name, node.name.text);
    else if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression))
      note(node.argumentExpression, node.argumentExpression.text);
    else if (
      (ts.isPropertySignature(node) || ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node) || ts.isMethodDeclaration(node)) &&
      node.name &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
    )
      note(node.name, node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("no private fields of dependencies", () => {
  it("finds a reach into a library's underscore fields, in code and in the types that describe them", () => {
    const sample = [
      "interface QueryInternals { _result: { fields: unknown[] } }",
      "const self = query as unknown as QueryInternals;",
      "self._result.fields = kept;",
      'client["_queryQueue"].push(q);',
      "const route = await import('./payment._index');",
    ].join("\n");
    expect(underscoreFields("sample.ts", sample)).toEqual([
      { line: 1, name: "_result" },
      { line: 3, name: "_result" },
      { line: 4, name: "_queryQueue" },
    ]);
  });

  it("finds none in the code the server, the scripts and the benchmarks run", () => {
    const offences = folders
      .flatMap(sourceFiles)
      .flatMap((file) => underscoreFields(file, fs.readFileSync(path.join(root, file), "utf8")).map((hit) => ({ file, ...hit })))
      .filter(({ file, name }) => !documented.has(`${file.split(path.sep).join("/")} ${name}`))
      .map(({ file, line, name }) => `${file}:${line} ${name}`);
    expect(offences).toEqual([]);
  });
});
