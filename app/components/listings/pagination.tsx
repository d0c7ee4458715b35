import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";

/** Page numbers to show: the first, the last, and two either side of the current one. */
export function pageWindow(current: number, count: number): Array<number | "gap"> {
  const pages = new Set([1, count, current - 2, current - 1, current, current + 1, current + 2]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= count).sort((a, b) => a - b);
  const out: Array<number | "gap"> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push("gap");
    out.push(p);
  });
  return out;
}

/** Plain links, so paging works without JavaScript and every page has its own URL. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  const { t } = useTranslation("listings");
  if (pageCount <= 1) return null;
  const base = "inline-flex min-w-10 items-center justify-center rounded-md border px-3 py-2 text-sm font-medium";
  const idle = `${base} border-slate-300 hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800`;
  return (
    <nav aria-label={label ?? t("pagination.label")} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={hrefFor(page - 1)} rel="prev" className={idle}>
              {t("pagination.previous")}
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pageCount).map((p, i) =>
          p === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page" className={`${base} border-brand-600 bg-brand-600 text-white`}>
                  <span className="sr-only">{t("pagination.page")} </span>
                  {p}
                </span>
              ) : (
                <Link to={hrefFor(p)} className={idle}>
                  <span className="sr-only">{t("pagination.page")} </span>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={hrefFor(page + 1)} rel="next" className={idle}>
              {t("pagination.next")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
