// /admin/properties/{id}/edit: an admin corrects any agent's listing with the agent portal's own
// property form and checks (adminEditProperty). The listing keeps its owner, status, photos and
// verification; the change and its audit row (admin.property_edited, before and after) are written
// together; the success redirect empties the visitors' page cache like every admin decision.
// Decision 0129.
import type { SubmissionResult } from "~/utils/form";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { adminEditProperty, getPropertyForAdmin } from "#domain/property-management/manage-property.use-cases";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { FormAlert } from "~/components/forms/form-fields";
import { cleanKey } from "~/utils/clean-key";
import { StatusBadge, VerificationBadge } from "~/components/portal/property-badges";
import { PropertyForm, propertyFormDefaults } from "~/components/portal/property-form";
import { propertyFormSchema, toPropertyDetails } from "~/components/portal/property-schema";
import { badForm, propertyFormRefused, textOnly, type PortalActionError } from "~/utils/portal-forms.server";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["auth", "portal", "moderation", "listings"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = cleanKey(params.id);
  const found = id ? await getPropertyForAdmin(context.services.properties, id) : null;
  if (!found?.ok) throw notFound();
  const p = found.value;
  const t = await i18next.getFixedT(request, "moderation");
  return {
    title: t("edit.title", { title: p.title }),
    property: { id: p.id, title: p.title, status: p.status, isVerified: p.isVerified, hidden: p.hiddenAt !== null },
    defaults: propertyFormDefaults(p),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const propertyId = cleanKey(params.id);
  if (!propertyId) throw notFound();
  const formData = await readFormOrNull(request);
  if (!formData) return badForm(request);
  const submission = parseWithZod(formData, { schema: propertyFormSchema });
  if (submission.status !== "success") return data(textOnly(submission.reply()), { status: 400 });
  const result = await adminEditProperty(context.services.properties, {
    adminId: admin.id,
    propertyId,
    details: toPropertyDetails(submission.value),
  });
  if (!result.ok) return propertyFormRefused(request, (o) => submission.reply(o), result.error);
  return redirectWithToast(context, request, "/admin/properties", {
    kind: result.value.changed ? "success" : "info",
    title: result.value.changed ? "moderation:toasts.edited" : "moderation:toasts.unchanged",
    params: { title: result.value.property.title },
  });
}

export default function AdminEditPropertyPage() {
  const { t } = useTranslation(["moderation", "portal"]);
  const { title, property, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as (SubmissionResult<string[]> & Partial<PortalActionError>) | undefined;
  const isReply = actionData !== undefined && "status" in actionData;
  return (
    <PortalLayout portal="admin" title={title} intro={t("edit.intro")}>
      <p className="mb-4 flex flex-wrap items-center gap-2">
        <StatusBadge status={property.status} />
        <VerificationBadge verified={property.isVerified} />
        {property.hidden ? <span className="text-sm font-semibold text-red-800 dark:text-red-300">{t("portal:list.hidden")}</span> : null}
      </p>
      <p className="mb-4">
        <Link to="/admin/properties" className="link">
          {t("edit.back")}
        </Link>
      </p>
      {actionData?.formError ? <FormAlert id="edit-error" errors={[actionData.formError]} /> : null}
      <PropertyForm
        action={`/admin/properties/${encodeURIComponent(property.id)}/edit`}
        defaults={defaults}
        lastResult={isReply ? actionData : null}
        submitLabel={t("edit.save")}
      />
    </PortalLayout>
  );
}
