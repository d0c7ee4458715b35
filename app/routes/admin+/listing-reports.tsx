// /admin/listing-reports: the listing-report queue, oldest first. Each report can be dismissed (the listing
// is shown again once no open report is left) or upheld (the listing stays hidden and becomes
// unavailable; asks first: a dialog with JavaScript, /admin/listing-reports/{id}/uphold without). A listing
// the reports hid can be restored at once, closing all its open reports. Every decision is audited.
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { restoreProperty } from "#domain/property-moderation/moderate-property.use-cases";
import { listOpenReports } from "#domain/reports/reports.queries";
import { reviewReport } from "#domain/reports/review-report.use-case";
import { reportDecisionSchema } from "~/components/admin/moderation-schema";
import { FormAlert } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { ConfirmAction } from "~/components/portal/confirm-action";
import { badForm, refused, type PortalActionError } from "~/utils/portal-forms.server";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatDate } from "~/utils/format";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";

export const handle = { i18n: ["auth", "portal", "moderation", "listings"] };
export const meta = titleMeta;

const QUEUE_LIMIT = 100;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const reports = await listOpenReports(context.services.moderation.reports, QUEUE_LIMIT);
  const t = await i18next.getFixedT(request, "auth");
  return {
    title: t("portal.admin.pages.listingReports.title"),
    reports: reports.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const formData = await readFormOrNull(request);
  if (!formData) return badForm(request);
  const submission = parseWithZod(formData, { schema: reportDecisionSchema });
  if (submission.status !== "success") return badForm(request);
  const input = submission.value;
  const { moderation } = context.services;
  if (input.intent === "restore") {
    const result = await restoreProperty(moderation, { adminId: admin.id, propertyId: input.propertyId });
    if (!result.ok) return refused(request, result.error);
    return redirectWithToast(context, request, "/admin/listing-reports", {
      kind: "success",
      title: "moderation:toasts.restore",
      params: { title: result.value.property.title },
    });
  }
  const result = await reviewReport(moderation.reports, { adminId: admin.id, reportId: input.reportId, decision: input.intent });
  if (!result.ok) return refused(request, result.error);
  return redirectWithToast(context, request, "/admin/listing-reports", {
    kind: "success",
    title: result.value.listingHidden ? `moderation:toasts.${input.intent}Hidden` : `moderation:toasts.${input.intent}Shown`,
  });
}

export default function AdminReportsPage() {
  const { t, i18n } = useTranslation(["auth", "moderation", "listings"]);
  const { reports } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PortalActionError | undefined;
  return (
    <PortalLayout portal="admin" title={t("portal.admin.pages.listingReports.title")} intro={t("portal.admin.pages.listingReports.intro")}>
      {actionData?.formError ? <FormAlert id="reports-error" errors={[actionData.formError]} /> : null}
      {reports.length === 0 ? (
        <p className="card p-6">{t("moderation:reports.empty")}</p>
      ) : (
        <ul className="space-y-4">
          {reports.map((r) => (
            <li key={r.id} className="card p-4" data-testid="admin-report">
              <h2 className="text-lg font-semibold">
                {r.listingHidden ? (
                  r.propertyTitle
                ) : (
                  <Link to={`/listings/${encodeURIComponent(r.propertyId)}`} className="link">
                    {r.propertyTitle}
                  </Link>
                )}
              </h2>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {t("moderation:reports.by", { name: r.reporterName || r.reporterId, date: formatDate(r.createdAt, i18n.language) })}
                {r.listingHidden ? (
                  <span className="ml-2 text-xs font-semibold text-red-800 dark:text-red-300">{t("moderation:reports.listingHidden")}</span>
                ) : null}
              </p>
              <p className="mt-2 font-medium">{t(`listings:report.reasons.${r.reason}`)}</p>
              {r.details ? <p className="mt-1 whitespace-pre-line text-sm">{r.details}</p> : null}
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <Form method="post" action="/admin/listing-reports">
                  <input type="hidden" name="intent" value="dismiss" />
                  <input type="hidden" name="reportId" value={r.id} />
                  <button type="submit" className="btn-secondary">
                    {t("moderation:reports.dismiss")}
                  </button>
                </Form>
                <ConfirmAction
                  confirmHref={`/admin/listing-reports/${encodeURIComponent(r.id)}/uphold`}
                  action="/admin/listing-reports"
                  fields={{ intent: "uphold", reportId: r.id }}
                  trigger={t("moderation:reports.uphold")}
                  title={t("moderation:uphold.title", { title: r.propertyTitle })}
                  body={t("moderation:uphold.body")}
                  confirmLabel={t("moderation:uphold.confirm")}
                />
                {r.listingHidden ? (
                  <Form method="post" action="/admin/listing-reports">
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="propertyId" value={r.propertyId} />
                    <button type="submit" className="btn-primary">
                      {t("moderation:reports.restore", { title: r.propertyTitle })}
                    </button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </PortalLayout>
  );
}
