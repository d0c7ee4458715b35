import { describe, expect, it } from "vitest";
import { allDatabaseKinds, databaseSuites, POSTGRES_NOT_SET } from "../support/test-database";

// The contract and integration suites are declared with databaseSuites / describeEachDatabase.
describe("database suites", () => {
  it("show PostgreSQL as a skipped suite, named after what is missing, when TEST_DATABASE_URL is unset", () => {
    const suites = databaseSuites(["memory", ...allDatabaseKinds({})], "WishlistRepository on %s", {});
    expect(suites).toEqual([
      { kind: "memory", skip: false, title: "WishlistRepository on memory" },
      { kind: "sqlite", skip: false, title: "WishlistRepository on sqlite" },
      { kind: "postgres", skip: true, title: `WishlistRepository on ${POSTGRES_NOT_SET}` },
    ]);
    expect(POSTGRES_NOT_SET).toBe("PostgreSQL (TEST_DATABASE_URL not set)");
  });

  it("run PostgreSQL when TEST_DATABASE_URL is set", () => {
    const env = { TEST_DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" };
    expect(databaseSuites(allDatabaseKinds(env), "X on %s", env)).toEqual([
      { kind: "sqlite", skip: false, title: "X on sqlite" },
      { kind: "postgres", skip: false, title: "X on postgres" },
    ]);
  });

  it("refuse to skip PostgreSQL in CI", () => {
    expect(() => allDatabaseKinds({ CI: "true" })).toThrow(/TEST_DATABASE_URL must be set in CI/);
    expect(() => databaseSuites(["sqlite", "postgres"], "X on %s", { CI: "true" })).toThrow(/TEST_DATABASE_URL must be set in CI/);
  });
});
