// A search is remembered as its query string (what /listings reads), in one canonical form so that
// "the same search" compares equal: no leading "?", no empty parameters, no paging.
const IGNORED_PARAMS = new Set(["page", "cursor", "sort_dir"]);

/** Canonical query string of a listings search; "" when the search filters nothing. */
export function normalizeSearchQuery(queryString: string): string {
  const input = queryString.trim().replace(/^\?/, "");
  const params = new URLSearchParams(input);
  const kept = new URLSearchParams();
  for (const [key, value] of params) {
    const v = value.trim();
    if (v === "" || IGNORED_PARAMS.has(key)) continue;
    kept.append(key, v);
  }
  return kept.toString();
}
