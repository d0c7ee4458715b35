import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { titleMeta } from "~/components/auth/page-title";
import { ComingSoon, PortalLayout } from "~/components/auth/portal-layout";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";

export const handle = { i18n: ["auth"] };
export const meta = titleMeta;

// Properties to verify: filled by the admin issue.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const t = await i18next.getFixedT(request, "auth");
  return { title: t("portal.admin.pages.properties.title") };
}

export default function AdminPropertiesPage() {
  const { t } = useTranslation("auth");
  return (
    <PortalLayout portal="admin" title={t("portal.admin.pages.properties.title")} intro={t("portal.admin.pages.properties.intro")}>
      <ComingSoon />
    </PortalLayout>
  );
}
