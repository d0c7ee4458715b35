// Where the host stands: not yet a host (how to become one), documents under review, rejected
// (with the reason) or verified (houses public with the badge).
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import type { HostVerificationStatus } from "#domain/guest-houses/guest-house-visibility";

export function HostStatusNotice({ status, rejectReason }: { status: HostVerificationStatus | null; rejectReason: string | null }) {
  const { t } = useTranslation("hosting");
  if (status === null) {
    return (
      <div className="card max-w-2xl p-5">
        <h2 className="text-xl font-semibold">{t("status.become.title")}</h2>
        <p className="mt-2">{t("status.become.body")}</p>
        <Link to="/host/verification" className="btn-primary mt-4 inline-flex">
          {t("status.become.start")}
        </Link>
      </div>
    );
  }
  const tone =
    status === "verified"
      ? "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
      : "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100";
  return (
    <div role="status" className={`max-w-3xl rounded-md border p-4 ${tone}`} data-testid="host-status">
      <p className="font-semibold">{t(`status.${status}.title`)}</p>
      <p className="mt-1 text-sm">{t(`status.${status}.body`)}</p>
      {status === "rejected" && rejectReason ? <p className="mt-1 text-sm">{t("status.reason", { reason: rejectReason })}</p> : null}
      {status !== "verified" ? (
        <Link to="/host/verification" className="link mt-2 inline-block text-sm">
          {status === "rejected" ? t("status.resubmit") : t("status.update")}
        </Link>
      ) : null}
    </div>
  );
}
