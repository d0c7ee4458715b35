import { useTranslation } from "~/utils/translation";
import { SUSPENSION_REASON_MAX } from "#domain/accounts/admin-users.use-case";

/** The reason an admin gives when suspending (kept for admins, shown in the audit log). */
export function SuspendReasonField({ id }: { id: string }) {
  const { t } = useTranslation("admin-users");
  return (
    <div>
      <label htmlFor={id} className="label">
        {t("user.reasonLabel")}
      </label>
      <textarea id={id} name="reason" required maxLength={SUSPENSION_REASON_MAX} rows={3} className="input" />
    </div>
  );
}
