import { useTranslation } from "~/utils/translation";
import { ADMIN_REQUEST_REASON_MAX } from "#domain/data-rights/admin-data-requests.use-case";

/** Why an admin serves a person's request: where it came from and when (kept in the audit log). */
export function AdminReasonField({ id }: { id: string }) {
  const { t } = useTranslation("data-rights");
  return (
    <div>
      <label htmlFor={id} className="label">
        {t("adminRequest.reasonLabel")}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-700 dark:text-slate-300">
        {t("adminRequest.reasonHint")}
      </p>
      <textarea
        id={id}
        name="reason"
        required
        maxLength={ADMIN_REQUEST_REASON_MAX}
        rows={3}
        className="input"
        aria-describedby={`${id}-hint`}
      />
    </div>
  );
}
