// A search is remembered as its query string (what /listings reads), in one canonical form so that
// "the same search" compares equal: no leading "?", no empty parameters, no paging.
import { withoutControlCharacters } from "../shared/text";

const IGNORED_PARAMS = new Set(["page", "cursor", "sort_dir"]);

/**
 * Canonical query string of a listings search; "" when the search filters nothing. Control
 * characters are dropped from names and values (domain/shared/text.ts): "q=%00" is no search, and
 * a keyword with a NUL would make PostgreSQL throw when the alerts job reads it back.
 */
export function normalizeSearchQuery(queryString: string): string {
  const input = queryString.trim().replace(/^\?/, "");
  const params = new URLSearchParams(input);
  const kept = new URLSearchParams();
  for (const [rawKey, value] of params) {
    const key = withoutControlCharacters(rawKey);
    const v = withoutControlCharacters(value).trim();
    if (key === "" || v === "" || IGNORED_PARAMS.has(key)) continue;
    kept.append(key, v);
  }
  return kept.toString();
}
