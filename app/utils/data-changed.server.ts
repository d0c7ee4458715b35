// The one signal that a request changed data a page may show: the response carries this header.
// The visitors' page cache (server/page-cache.ts) empties itself after a non-GET response that
// carries it and is not an error, and removes it before the response leaves the server. A POST that
// changed nothing (a refused webhook, a form with errors, a language switch) leaves the cache warm,
// so nobody can keep it cold by posting garbage.
//
// A successful mutation redirects with a success toast (docs/architecture.md): redirectWithToast
// sets it. Any other response that reports a completed change calls markDataChanged.
export const DATA_CHANGED_HEADER = "X-KN-Data-Changed";

export function markDataChanged(headers: Headers): Headers {
  headers.set(DATA_CHANGED_HEADER, "1");
  return headers;
}
