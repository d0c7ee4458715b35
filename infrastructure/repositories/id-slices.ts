// A list of ids read with `IN (…)` in slices: one statement each, under every driver's limit on
// bound parameters (SQLite 32 766, PostgreSQL 65 535), however long the list.
const IDS_PER_READ = 500;

/** The distinct ids in slices of at most IDS_PER_READ. */
export function sliceIds(ids: readonly string[]): string[][] {
  const unique = [...new Set(ids)];
  const slices: string[][] = [];
  for (let i = 0; i < unique.length; i += IDS_PER_READ) slices.push(unique.slice(i, i + IDS_PER_READ));
  return slices;
}
