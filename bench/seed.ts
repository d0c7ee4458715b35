// npm run bench:seed -- <properties> [--seed=N] [--report | --report-only]
// Fills a database with benchmark listings. DATABASE_URL selects a SQLite file or PostgreSQL;
// without it a fresh bench/.data/bench-<n>.db is made. --report then prints, for the typical
// searches, the plans the database chose and how long each search takes; --report-only reports
// on the database as it is, without generating.
import fs from "node:fs";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { connect, type Dialect } from "#infrastructure/db/connection";
import type { Database } from "#infrastructure/db/schema";
import { migrateToLatest } from "#infrastructure/db/migrate";
import { generateProperties } from "./generate-properties";
import { KyselyListingSearch, explainListingSearch } from "#infrastructure/repositories/kysely-listing-search";
import { parseListingSearch } from "#domain/listings/listing-search";

/** The searches students run most, as URL queries; the first is the bare listings page. */
export const TYPICAL_SEARCHES: ReadonlyArray<readonly [string, string]> = [
  ["default listing", ""],
  ["Molyko under 40 000, newest", "n=Molyko&max=40000"],
  ["room+studio, toilet inside, prepaid meter, within 1000 m, cheapest", "type=room&type=studio&toilet=1&meter=1&near=1000&sort=price_asc"],
  ["available, verified, any neighbourhood, nearest", "available=1&verified=1&sort=nearest"],
  ["keyword 'balcony', page 3", "q=balcony&page=3"],
  ["Molyko or Bomaka, newest", "n=Molyko&n=Bomaka"],
  ["rare amenities: furnished, wifi, security, parking", "furnished=1&wifi=1&security=1&parking=1"],
];

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const count = Number.parseInt(args.find((a) => /^\d+$/.test(a)) ?? "1000", 10);
  const seedArg = args.find((a) => a.startsWith("--seed="));
  const reportOnly = args.includes("--report-only");
  const report = reportOnly || args.includes("--report");

  let url = process.env.DATABASE_URL;
  if (!url) {
    url = path.join("bench", ".data", `bench-${count}.db`);
  }
  if (!process.env.DATABASE_URL && !reportOnly) {
    // The default file is ours: start clean so the figures are for exactly `count` listings.
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(url + suffix, { force: true });
  }
  const handle = connect({ url });
  try {
    await migrateToLatest(handle.db, handle.schema);
    if (reportOnly) {
      await printReport(handle.db, handle.dialect);
      return;
    }
    // Benchmark data can be regenerated: no need to wait for the disk on every commit.
    if (handle.dialect === "sqlite") await sql`pragma synchronous = off`.execute(handle.db);
    const existing = Number(
      (
        await handle.db
          .selectFrom("properties")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    // Ids derive from the seed: on a database that already holds data, a new seed avoids clashes.
    const seed = seedArg ? Number.parseInt(seedArg.slice(7), 10) : 42 + existing;
    const result = await generateProperties(handle.db, count, { seed });
    const analyzeStarted = performance.now();
    // PostgreSQL's autovacuum will analyze by itself; SQLite gets what the server gathers at start (decision 0168).
    if (handle.dialect === "postgres") await sql`analyze`.execute(handle.db);
    else await handle.gatherStatistics();
    console.log(
      `${handle.dialect} ${redact(url)}: ${result.properties} properties and ${result.agents} agents in ${result.ms} ms` +
        ` (analyze ${Math.round(performance.now() - analyzeStarted)} ms; ${existing + count} properties in all)`,
    );
    if (report) await printReport(handle.db, handle.dialect);
  } finally {
    await handle.close();
  }
}

async function printReport(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const search = new KyselyListingSearch(db, dialect);
  for (const [label, query] of TYPICAL_SEARCHES) {
    const criteria = parseListingSearch(new URLSearchParams(query));
    await search.searchListings(criteria); // warm the cache: we measure queries, not the disk
    const times: number[] = [];
    let total = "";
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      const page = await search.searchListings(criteria);
      times.push(performance.now() - started);
      total = `${page.total}${page.totalIsCapped ? "+" : ""}`;
    }
    times.sort((a, b) => a - b);
    const plan = await explainListingSearch(db, dialect, criteria);
    console.log(`\n== ${label} [${query || "no filters"}]`);
    console.log(`   matches ${total}; median ${times[7].toFixed(1)} ms, worst ${times[14].toFixed(1)} ms`);
    console.log(
      `-- page plan\n${plan.page}\n-- count plan\n${plan.count}${plan.correction ? `\n-- count correction plan\n${plan.correction}` : ""}`,
    );
  }
}

const redact = (url: string) => url.replace(/\/\/[^@/]*@/, "//***@");

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
