// The large view of one photo of a gallery without JavaScript: ?photo=N (1-based) on a listing's
// or a guest house's page (issue 32, decision 0242). With JavaScript the same links open the
// page's full-screen viewer instead (app/enhance.js).

/** The most photos a page's ?photo can name: a bound on what is parsed, far above any gallery. */
const PHOTO_PARAM = /^[1-9]\d{0,2}$/;

/**
 * The photo ?photo=N asks for, 0-based, or null when there is none, or it is not a whole number
 * naming one of the page's `count` photos: the page then shows as usual, as for any unknown value.
 */
export function photoViewIndex(params: URLSearchParams, count: number): number | null {
  const raw = params.get("photo");
  if (raw === null || !PHOTO_PARAM.test(raw)) return null;
  const n = Number(raw);
  return n <= count ? n - 1 : null;
}

/**
 * The page's address with the large view of photo `index` (0-based), or without any (null), its
 * other parameters kept (the search it was opened from, Save-Data's photos=1); `hash` at the end.
 */
export function photoViewHref(pathname: string, search: string, index: number | null, hash = ""): string {
  const params = new URLSearchParams(search);
  if (index === null) params.delete("photo");
  else params.set("photo", String(index + 1));
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}${hash}`;
}
