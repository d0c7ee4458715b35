// /admin/properties/{id}/hide: the confirmation page for hiding a listing when JavaScript is off
// (with it, the properties page asks in a dialog). The form posts to /admin/properties.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { getPropertyForModeration } from "#domain/property-moderation/moderate-property.use-cases";
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
  const found = id ? await getPropertyForModeration(context.services.moderation, id) : null;
  if (!found?.ok || found.value.hiddenAt) throw notFound();
  const property = found.value;
  const t = await i18next.getFixedT(request, "moderation");
  return { title: t("hide.title", { title: property.title }), id: property.id };
}

export default function HidePropertyPage() {
  const { t } = useTranslation("moderation");
  const { title, id } = useLoaderData<typeof loader>();
  return (
    <PortalLayout portal="admin" title={title}>
      <ConfirmPage
        action="/admin/properties"
        fields={{ intent: "hide", propertyId: id }}
        body={t("hide.body")}
        confirmLabel={t("hide.confirm")}
        backHref="/admin/properties"
      />
    </PortalLayout>
  );
}
