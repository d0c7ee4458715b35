// The pg we declare is the pg we need (issue 31, decision 0191): statement batches (decision 0169)
// write a tick's statements on one connection in pipeline mode, pg's `pipeline` client option,
// which pg 8.23.0 introduced. An install allowed by an older range would send them one at a time
// behind each other's answers, silently.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";

const PIPELINE_SINCE = [8, 23, 0];

const atLeast = (version: number[], minimum: number[]) => {
  for (let i = 0; i < minimum.length; i++) if (version[i] !== minimum[i]) return version[i] > minimum[i];
  return true;
};

describe("pg's declared version", () => {
  it("starts at the first pg with pipeline mode, in package.json and its lock", () => {
    const manifest = JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")) as { dependencies: Record<string, string> };
    const lock = JSON.parse(fs.readFileSync(path.resolve("package-lock.json"), "utf8")) as {
      packages: Record<string, { dependencies?: Record<string, string> }>;
    };
    const range = manifest.dependencies.pg;
    expect(lock.packages[""].dependencies?.pg).toBe(range);
    const lowest = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range);
    expect(lowest, `pg's range ${range} is a caret range`).not.toBeNull();
    expect(atLeast(lowest!.slice(1).map(Number), PIPELINE_SINCE), `pg ${range} starts before ${PIPELINE_SINCE.join(".")}`).toBe(true);
  });

  it("is installed at a version that keeps a client's pipeline option", () => {
    const version = (JSON.parse(fs.readFileSync(path.resolve("node_modules/pg/package.json"), "utf8")) as { version: string }).version;
    expect(atLeast(version.split(".").map(Number), PIPELINE_SINCE), version).toBe(true);
    expect(new pg.Client({ pipeline: true }).pipeline).toBe(true);
  });
});
