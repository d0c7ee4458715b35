import { useTranslation } from "~/utils/translation";
import { numberFormat } from "~/utils/format";
import type { PropertyStatus } from "../../../domain/listings/buea";

const statusTone: Record<PropertyStatus, string> = {
  available: "bg-brand-50 text-brand-800 ring-brand-500 dark:bg-slate-800 dark:text-brand-100",
  booked: "bg-amber-50 text-amber-900 ring-amber-500 dark:bg-slate-800 dark:text-amber-200",
  sold: "bg-slate-100 text-slate-800 ring-slate-400 dark:bg-slate-800 dark:text-slate-200",
  unavailable: "bg-slate-100 text-slate-800 ring-slate-400 dark:bg-slate-800 dark:text-slate-200",
  rented_out: "bg-slate-100 text-slate-800 ring-slate-400 dark:bg-slate-800 dark:text-slate-200",
};

/** Available, Booked, Sold, Unavailable or Rented out. */
export function StatusBadge({ status }: { status: PropertyStatus }) {
  const { t } = useTranslation("listings");
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusTone[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}

export function VerifiedBadge({ label }: { label?: string }) {
  const { t } = useTranslation("listings");
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-semibold text-sky-900 ring-1 ring-inset ring-sky-600 dark:bg-slate-800 dark:text-sky-200">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5 fill-current">
        <path d="M10 1.5 12.4 3l2.8-.2.9 2.7 2.3 1.6-.9 2.7.9 2.7-2.3 1.6-.9 2.7-2.8-.2L10 18.5 7.6 17l-2.8.2-.9-2.7-2.3-1.6.9-2.7-.9-2.7 2.3-1.6.9-2.7 2.8.2L10 1.5Zm-1.2 11.3 5.1-5.1-1.1-1.1-4 4-1.9-1.9-1.1 1.1 3 3Z" />
      </svg>
      {label ?? t("verified")}
    </span>
  );
}

/** "4.6 ★ (12 reviews)", or "No reviews yet". */
export function RatingSummary({ rating, count }: { rating: number | null; count: number }) {
  const { t, i18n } = useTranslation("listings");
  if (rating === null || count === 0) return <span className="text-sm text-slate-700 dark:text-slate-300">{t("agent.noReviews")}</span>;
  const value = numberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(rating);
  return (
    <span className="text-sm text-slate-800 dark:text-slate-200">
      <span aria-hidden="true" className="text-amber-700 dark:text-sun-400">★ </span>
      {t("agent.rating", { rating: value, count })}
    </span>
  );
}
