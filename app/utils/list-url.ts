// A portal list's page number and return address as its URL carries them (the bookings lists, the
// audit log): lenient, since a malformed value in an admin's or agent's own list is read as no
// value, not refused (a public list refuses it: page-param.server.ts).

/** ?page=N, a whole number from 1; anything else is page 1 (a page past the end reads as the last). */
export function listPage(url: URL): number {
  const raw = url.searchParams.get("page");
  return raw && /^\d{1,5}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
}

/**
 * A return address inside the list at `path`, rebuilt from what its URL means (never the text as
 * sent), or the list itself when `value` is anything else.
 */
export function listReturnPath(path: string, value: unknown, rebuild: (url: URL) => string): string {
  if (typeof value !== "string" || !value.startsWith(path)) return path;
  const url = new URL(value, "http://kamernest.invalid");
  return url.pathname === path ? rebuild(url) : path;
}
