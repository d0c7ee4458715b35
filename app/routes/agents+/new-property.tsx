import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { titleMeta } from "~/components/auth/page-title";
import { ComingSoon, PortalLayout } from "~/components/auth/portal-layout";
import { i18next } from "~/i18next.server";
import { requireAgent } from "~/utils/auth.server";

export const handle = { i18n: ["auth"] };
export const meta = titleMeta;

// Add Property: filled by the agent portal issue.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAgent(context, request);
  const t = await i18next.getFixedT(request, "auth");
  return { title: t("portal.agent.pages.newProperty.title") };
}

export default function AgentNewPropertyPage() {
  const { t } = useTranslation("auth");
  return (
    <PortalLayout portal="agent" title={t("portal.agent.pages.newProperty.title")} intro={t("portal.agent.pages.newProperty.intro")}>
      <ComingSoon />
    </PortalLayout>
  );
}
