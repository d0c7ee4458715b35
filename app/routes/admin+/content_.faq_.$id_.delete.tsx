// /admin/content/faq/{id}/delete: the confirmation page for deleting an FAQ entry when JavaScript
// is off (with it, the FAQ list asks in a dialog). The form posts to /admin/content/faq.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { getFaqEntry } from "#domain/help-content/help-content.use-cases";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { cleanKey } from "~/utils/clean-key";
import { ConfirmPage } from "~/components/portal/confirm-action";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["auth", "portal", "help-content"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = cleanKey(params.id);
  const found = id ? await getFaqEntry(context.services.helpContent, id) : null;
  if (!found?.ok) throw notFound();
  const t = await i18next.getFixedT(request, "help-content");
  return { title: t("faq.deleteTitle", { question: found.value.questionEn }), id: found.value.id };
}

export default function DeleteFaqEntryPage() {
  const { t } = useTranslation("help-content");
  const { title, id } = useLoaderData<typeof loader>();
  return (
    <PortalLayout portal="admin" title={title}>
      <ConfirmPage
        action="/admin/content/faq"
        fields={{ intent: "delete", id }}
        body={t("faq.deleteBody")}
        confirmLabel={t("faq.deleteConfirm")}
        backHref="/admin/content/faq"
      />
    </PortalLayout>
  );
}
