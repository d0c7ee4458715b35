import { useTranslation } from "~/utils/translation";
import type { PropertyStatus } from "#domain/listings/buea";

/** Verified, or awaiting an admin's check (new or materially edited). */
export function VerificationBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation("portal");
  return verified ? (
    <span
      data-testid="verification"
      className="inline-flex rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100"
    >
      {t("verification.verified")}
    </span>
  ) : (
    <span
      data-testid="verification"
      className="inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100"
    >
      {t("verification.pending")}
    </span>
  );
}

export function StatusBadge({ status }: { status: PropertyStatus }) {
  const { t } = useTranslation("portal");
  const tone =
    status === "available"
      ? "bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-100"
      : "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100";
  return (
    <span data-testid="status" className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>
      {t(`status.${status}`)}
    </span>
  );
}
