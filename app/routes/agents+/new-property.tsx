// /agents/new-property (Add Property): the property form. A new property is unverified until an
// admin checks it; after saving, the agent lands on its edit page to add photos.
import type { SubmissionResult } from "~/utils/form";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { createProperty } from "#domain/property-management/manage-property.use-cases";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { PropertyForm } from "~/components/portal/property-form";
import { propertyFormSchema, toPropertyDetails } from "~/components/portal/property-schema";
import { badForm, textOnly, type PortalActionError, propertyFormRefused } from "~/utils/portal-forms.server";
import { FormAlert } from "~/components/forms/form-fields";
import { i18next } from "~/i18next.server";
import { requireAgent } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";

export const handle = { i18n: ["auth", "portal", "listings"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAgent(context, request);
  const t = await i18next.getFixedT(request, "auth");
  return { title: t("portal.agent.pages.newProperty.title"), mapTiles: context.services.config.mapTiles ?? null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAgent(context, request);
  const formData = await readFormOrNull(request);
  if (!formData) return badForm(request);
  const submission = parseWithZod(formData, { schema: propertyFormSchema });
  if (submission.status !== "success") return data(textOnly(submission.reply()), { status: 400 });
  const result = await createProperty(context.services.properties, { agentId: user.id, details: toPropertyDetails(submission.value) });
  if (!result.ok) return propertyFormRefused(request, (o) => submission.reply(o), result.error);
  return redirectWithToast(context, request, `/agents/properties/${encodeURIComponent(result.value.id)}/edit#photos`, {
    kind: "success",
    title: "portal:toasts.created",
  });
}

export default function AgentNewPropertyPage() {
  const { t } = useTranslation(["auth", "portal"]);
  const { mapTiles } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as (SubmissionResult<string[]> & Partial<PortalActionError>) | undefined;
  // A body that was not a form at all comes back as { formError }, not as Conform's reply.
  const lastResult = actionData && "status" in actionData ? actionData : null;
  return (
    <PortalLayout portal="agent" title={t("portal.agent.pages.newProperty.title")} intro={t("portal.agent.pages.newProperty.intro")}>
      <PropertyForm
        action="/agents/new-property"
        defaults={{ visitDays: ["mon", "tue", "wed", "thu", "fri", "sat"] }}
        lastResult={lastResult}
        submitLabel={t("portal:form.create")}
        mapTiles={mapTiles}
      >
        {actionData?.formError ? <FormAlert id="new-property-error" errors={[actionData.formError]} /> : null}
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t("portal:form.newIsUnverified")}
        </p>
      </PropertyForm>
    </PortalLayout>
  );
}
