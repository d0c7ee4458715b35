// The host tab of /admin/agent-verification and the review page of one host: each pending host
// with their identity and ownership documents (opened by the document route), Approve, and Reject
// with a reason. The forms post to /admin/host-verification/{hostId} (works without JavaScript).
import { Form } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { FormAlert } from "~/components/forms/form-fields";
import { ApproveForm } from "~/components/admin/approve-form";
import type { HostQueueItem } from "~/routes/admin+/host-verification-queue.server";

export function HostVerificationQueue({ hosts }: { hosts: HostQueueItem[] }) {
  const { t } = useTranslation("hosting");
  if (hosts.length === 0) return <p className="card p-5">{t("admin.empty")}</p>;
  return (
    <ul className="space-y-6">
      {hosts.map((host) => (
        <li key={host.id}>
          <HostReviewCard host={host} formError={null} />
        </li>
      ))}
    </ul>
  );
}

export function HostReviewCard({ host, formError }: { host: HostQueueItem; formError: string | null }) {
  const { t } = useTranslation("hosting");
  const base = `/admin/host-verification/${encodeURIComponent(host.id)}`;
  return (
    <section className="card p-5" aria-labelledby={`host-${host.id}`} data-testid="pending-host">
      <h2 id={`host-${host.id}`} className="text-lg font-semibold">
        {host.name}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {host.email} · {t("admin.submitted", { date: host.submittedAt })}
      </p>
      <h3 className="mt-3 text-sm font-semibold">{t("admin.documents")}</h3>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {host.documents.length === 0 ? <li>{t("admin.noDocuments")}</li> : null}
        {host.documents.map((d) => (
          <li key={d.id}>
            <a href={`${base}/documents/${encodeURIComponent(d.id)}`} className="link">
              {t("admin.document", { kind: t(`verification.kinds.${d.kind}`), name: d.name, size: d.sizeKb })}
            </a>
          </li>
        ))}
      </ul>
      <FormAlert id={`host-${host.id}-error`} errors={formError ? [formError] : null} />
      {host.status === "pending" ? (
        <div className="mt-4 grid gap-6 lg:grid-cols-2 lg:items-start">
          <ApproveForm
            id={`host-approve-${host.id}`}
            action={base}
            name={host.name}
            hasDocuments={host.documents.length > 0}
            approveLabel={t("admin.approve")}
          />
          <Form method="post" action={base} className="flex flex-1 flex-col gap-2 md:flex-row md:items-end">
            <div className="flex-1">
              <label htmlFor={`host-reason-${host.id}`} className="label">
                {t("admin.reason")}
              </label>
              <input id={`host-reason-${host.id}`} name="reason" type="text" required maxLength={1000} className="input" />
            </div>
            <button type="submit" name="intent" value="reject" className="btn-danger">
              {t("admin.reject")}
            </button>
          </Form>
        </div>
      ) : (
        <p className="mt-4 font-semibold">{t(`admin.reviewed.${host.status}`)}</p>
      )}
    </section>
  );
}
