// A visit's status as the student reads it (docs/decisions/0200): a labelled badge and one
// sentence, from the status the domain computes (visitStatus). The payment result page and
// /profile show the same thing.
import { VISIT_STATUS_TONE, type VisitStatus, type VisitStatusTone } from "#domain/booking/visit-status";
import type { ReactNode } from "react";
import { useTranslation } from "~/utils/translation";

const TONE_CLASSES: Record<VisitStatusTone, string> = {
  waiting: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
  good: "border-green-300 bg-green-50 text-green-900 dark:border-green-700 dark:bg-green-950 dark:text-green-100",
  ended: "border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100",
  done: "border-brand-500 bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-100",
};

export function VisitStatusBadge({ status }: { status: VisitStatus }) {
  const { t } = useTranslation("booking");
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${TONE_CLASSES[VISIT_STATUS_TONE[status]]}`}
      data-testid="visit-status"
      data-status={status}
    >
      {t(`visitStatus.${status}.label`)}
    </span>
  );
}

/** The badge, then what it means (or `detail` when the caller has a more precise sentence). */
export function VisitStatusLine({ status, detail, className = "" }: { status: VisitStatus; detail?: ReactNode; className?: string }) {
  const { t } = useTranslation("booking");
  return (
    <div className={`space-y-1 ${className}`}>
      <p>
        <VisitStatusBadge status={status} />
      </p>
      <p data-testid="visit-status-detail">{detail ?? t(`visitStatus.${status}.detail`)}</p>
    </div>
  );
}
