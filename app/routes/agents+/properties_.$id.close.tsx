// /agents/properties/{id}/close?status=sold: the confirmation page for closing a listing when
// JavaScript is off (with it, My Properties asks in a dialog). The form posts to My Properties.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { getMyProperty } from "#domain/property-management/manage-property.use-cases";
import { isClosingStatus, isPropertyStatus } from "#domain/property-management/managed-property.entity";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { cleanKey } from "~/utils/clean-key";
import { ConfirmPage } from "~/components/portal/confirm-action";
import { i18next } from "~/i18next.server";
import { requireAgent } from "~/utils/auth.server";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["auth", "portal"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireAgent(context, request);
  const id = cleanKey(params.id);
  const status = new URL(request.url).searchParams.get("status");
  if (!id || !isPropertyStatus(status) || !isClosingStatus(status)) throw notFound();
  const found = await getMyProperty(context.services.properties, user.id, id);
  if (!found.ok) throw notFound();
  const t = await i18next.getFixedT(request, "portal");
  return { title: t("close.title", { title: found.value.title }), id, status };
}

export default function ClosePropertyPage() {
  const { t } = useTranslation("portal");
  const { title, id, status } = useLoaderData<typeof loader>();
  const label = t(`status.${status}`);
  return (
    <PortalLayout portal="agent" title={title}>
      <ConfirmPage
        action="/agents/properties"
        fields={{ intent: "status", propertyId: id, status }}
        body={t("close.body", { status: label })}
        confirmLabel={t("close.confirm", { status: label })}
        backHref="/agents/properties"
      />
    </PortalLayout>
  );
}
