// /admin/listing-reports/{id}/uphold: the confirmation page for upholding a listing report when JavaScript
// is off (with it, the reports page asks in a dialog). The form posts to /admin/listing-reports.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { findOpenReport } from "#domain/reports/reports.queries";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { cleanKey } from "~/utils/clean-key";
import { ConfirmPage } from "~/components/portal/confirm-action";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["auth", "portal", "moderation"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = cleanKey(params.id);
  const report = id ? await findOpenReport(context.services.moderation.reports, id) : null;
  if (!report) throw notFound();
  const t = await i18next.getFixedT(request, "moderation");
  return { title: t("uphold.pageTitle"), id: report.id };
}

export default function UpholdReportPage() {
  const { t } = useTranslation("moderation");
  const { title, id } = useLoaderData<typeof loader>();
  return (
    <PortalLayout portal="admin" title={title}>
      <ConfirmPage
        action="/admin/listing-reports"
        fields={{ intent: "uphold", reportId: id }}
        body={t("uphold.body")}
        confirmLabel={t("uphold.confirm")}
        backHref="/admin/listing-reports"
      />
    </PortalLayout>
  );
}
