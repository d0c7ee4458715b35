import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { titleMeta } from "~/components/auth/page-title";
import { ComingSoon, PortalLayout } from "~/components/auth/portal-layout";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";

export const handle = { i18n: ["auth"] };
export const meta = titleMeta;

// Listing reports: filled by the admin issue.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const t = await i18next.getFixedT(request, "auth");
  return { title: t("portal.admin.pages.reports.title") };
}

export default function AdminReportsPage() {
  const { t } = useTranslation("auth");
  return (
    <PortalLayout portal="admin" title={t("portal.admin.pages.reports.title")} intro={t("portal.admin.pages.reports.intro")}>
      <ComingSoon />
    </PortalLayout>
  );
}
