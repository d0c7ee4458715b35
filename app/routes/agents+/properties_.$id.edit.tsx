import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { titleMeta } from "~/components/auth/page-title";
import { ComingSoon, PortalLayout } from "~/components/auth/portal-layout";
import { i18next } from "~/i18next.server";
import { requireAgent } from "~/utils/auth.server";

export const handle = { i18n: ["auth"] };
export const meta = titleMeta;

// Edit one of the agent's properties: filled by the agent portal issue (which also checks ownership).
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAgent(context, request);
  const t = await i18next.getFixedT(request, "auth");
  return { title: t("portal.agent.pages.editProperty.title"), propertyId: String(params.id ?? "").slice(0, 100) };
}

export default function AgentEditPropertyPage() {
  const { t } = useTranslation("auth");
  const { propertyId } = useLoaderData<typeof loader>();
  return (
    <PortalLayout portal="agent" title={t("portal.agent.pages.editProperty.title")} intro={t("portal.agent.pages.editProperty.intro", { id: propertyId })}>
      <ComingSoon />
    </PortalLayout>
  );
}
