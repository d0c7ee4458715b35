// npx tsx bench/search-cpu.ts [database file] [query ...]
// The CPU of one listing search in this process (Kysely's building and compiling, SQLite's work,
// the cards), without HTTP or rendering: 2 000 searches after 200 to warm up, per query. Made for
// comparing two versions of the search code on one machine, one right after the other; the file
// is a benchmark database (npm run bench:seed -- 1000 makes bench/.data/bench-1000.db).
import { connect } from "#infrastructure/db/connection";
import { KyselyListingSearch } from "#infrastructure/repositories/kysely-listing-search";
import { parseListingSearch } from "#domain/listings/listing-search";

const [file = "bench/.data/bench-1000.db", ...queries] = process.argv.slice(2);
const handle = connect({ url: file });
const search = new KyselyListingSearch(handle.db, handle.dialect);
for (const query of queries.length > 0
  ? queries
  : ["n=Molyko&max=40000", "type=room&type=studio&toilet=1&meter=1&near=1000&sort=price_asc", "verified=1&available=1&sort=nearest"]) {
  const criteria = parseListingSearch(new URLSearchParams(query));
  for (let i = 0; i < 200; i++) await search.searchListings(criteria);
  const started = performance.now();
  const runs = 2000;
  for (let i = 0; i < runs; i++) await search.searchListings(criteria);
  console.log(`${((performance.now() - started) / runs).toFixed(3)} ms per search  ${query}`);
}
await handle.close();
