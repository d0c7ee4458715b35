import { useTranslation } from "~/utils/translation";
import { numberFormat } from "~/utils/format";
import type { PropertyStatus } from "#domain/listings/buea";

// Whole class names (the stylesheet keeps only the classes it finds written in the source).
const statusTone: Record<PropertyStatus, string> = {
  available: "badge badge-available",
  booked: "badge badge-booked",
  sold: "badge badge-closed",
  unavailable: "badge badge-closed",
  rented_out: "badge badge-closed",
};

/** Available, Booked, Sold, Unavailable or Rented out. */
export function StatusBadge({ status }: { status: PropertyStatus }) {
  const { t } = useTranslation("listings");
  return <span className={statusTone[status]}>{t(`status.${status}`)}</span>;
}

/** The verified seal (drawn by the stylesheet, decorative) and "Verified". */
export function VerifiedBadge({ label }: { label?: string }) {
  const { t } = useTranslation("listings");
  return <span className="badge badge-verified">{label ?? t("verified")}</span>;
}

/** "4.6 ★ (12 reviews)", or "No reviews yet". */
export function RatingSummary({ rating, count }: { rating: number | null; count: number }) {
  const { t, i18n } = useTranslation("listings");
  if (rating === null || count === 0) return <span className="text-sm text-slate-700 dark:text-slate-300">{t("agent.noReviews")}</span>;
  const value = numberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(rating);
  return (
    <span className="text-sm text-slate-800 dark:text-slate-200">
      <span aria-hidden="true" className="text-amber-700 dark:text-sun-400">
        ★{" "}
      </span>
      {t("agent.rating", { rating: value, count })}
    </span>
  );
}
