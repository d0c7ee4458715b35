import { useTranslation } from "~/utils/translation";
import { VOID_REASON_MAX } from "#domain/commission/commission.entity";

/** The reason an admin gives for voiding a commission (the dialog and the no-JavaScript page). */
export function VoidReasonField({ id }: { id: string }) {
  const { t } = useTranslation("admin-stats");
  return (
    <div>
      <label htmlFor={id} className="label">
        {t("reports.voidReason")}
      </label>
      <textarea id={id} name="reason" required maxLength={VOID_REASON_MAX} rows={3} className="input" />
    </div>
  );
}
