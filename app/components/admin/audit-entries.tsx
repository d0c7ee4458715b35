// The audit log as a list: what (a translated description, never the code), on what, who and
// when, the reason; the change (before → after) and the row's raw data behind "Details".
import { Link } from "~/components/link";
import { auditActionKey } from "~/utils/audit-messages";
import { useTranslation } from "~/utils/translation";
import { formatDateTime } from "~/utils/format";
import type { AuditView } from "~/routes/admin+/audit-view.server";

/** `admin.user_suspended` → its description (every written action has one: audit-messages.ts). */
export function useActionLabel() {
  const { t } = useTranslation("admin-users");
  return (action: string) => t(auditActionKey(action), { defaultValue: action });
}

export function AuditEntries({ entries }: { entries: AuditView[] }) {
  const { t, i18n } = useTranslation("admin-users");
  const label = useActionLabel();
  return (
    <ol className="space-y-3">
      {entries.map((e) => (
        <li key={e.id} className="card p-4 text-sm" data-testid="audit-entry">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold" data-testid="audit-action">
              {label(e.action)}
            </span>
            {/* A target without a name or a page is shown under Details, as its raw id. */}
            {e.targetHref ? (
              <Link to={e.targetHref} className="link">
                {e.targetName ?? e.target}
              </Link>
            ) : e.targetName ? (
              <span>{e.targetName}</span>
            ) : null}
          </p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            {t("audit.byAt", {
              who: e.actorName ?? e.actorId ?? t("audit.system"),
              when: formatDateTime(e.at, i18n.language),
            })}
          </p>
          {e.overridden ? <p className="mt-2 font-medium text-amber-900 dark:text-amber-200">{t("audit.overridden")}</p> : null}
          {e.reason ? (
            <p className="mt-2">
              <span className="font-medium">{t("audit.reason")}:</span> {e.reason}
            </p>
          ) : null}
          {e.changes.length > 0 || e.other.length > 0 || e.target ? (
            <details className="mt-2">
              <summary className="cursor-pointer text-slate-700 dark:text-slate-300">{t("audit.details")}</summary>
              <p className="mt-1 break-all font-mono text-xs">
                {e.action}
                {e.target ? ` · ${e.target}` : null}
              </p>
              {e.changes.length > 0 ? (
                <table className="mt-2 text-left">
                  <caption className="sr-only">{t("audit.changeCaption")}</caption>
                  <thead>
                    <tr>
                      <th scope="col" className="pr-4 font-medium">
                        {t("audit.field")}
                      </th>
                      <th scope="col" className="pr-4 font-medium">
                        {t("audit.before")}
                      </th>
                      <th scope="col" className="font-medium">
                        {t("audit.after")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {e.changes.map((c) => (
                      <tr key={c.field}>
                        <th scope="row" className="pr-4 font-normal text-slate-700 dark:text-slate-300">
                          {c.field}
                        </th>
                        <td className="break-all pr-4">{c.before || "—"}</td>
                        <td className="break-all">{c.after || "—"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
              {e.other.length > 0 ? (
                <dl className="mt-2 flex flex-wrap gap-x-4 text-slate-700 dark:text-slate-300">
                  {e.other.map((o) => (
                    <div key={o.field} className="flex gap-1">
                      <dt>{o.field}:</dt>
                      <dd className="break-all">{o.value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
