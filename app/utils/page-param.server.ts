import { notFound } from "./not-found.server";

/** Past this, a page number is a crafted URL, not a list anyone pages through. */
const MAX_PAGE = 1000;

/**
 * ?page=N of a public list (the blog, the agents directory): a whole number from 1, or 1 when
 * absent. Anything else is a page that does not exist: a 404, never a 500 nor a silent page 1.
 */
export function pageParam(url: URL): number {
  const raw = url.searchParams.get("page");
  if (raw === null) return 1;
  if (!/^\d{1,4}$/.test(raw)) throw notFound();
  const page = Number(raw);
  if (page < 1 || page > MAX_PAGE) throw notFound();
  return page;
}
