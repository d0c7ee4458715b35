// /host/new-house: the guest-house form. A new house stays hidden from visitors until its host is
// approved; after saving, the host lands on its edit page to add photos.
import type { SubmissionResult } from "~/utils/form";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { getHostStatus } from "#domain/hosting/host-verification.use-cases";
import { createGuestHouse } from "#domain/hosting/manage-guest-house.use-cases";
import { FormAlert } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { textOnly } from "~/utils/portal-forms.server";
import { GuestHouseForm } from "~/components/hosting/guest-house-form";
import { guestHouseFormSchema, hostingFieldOf, toGuestHouseDetails } from "~/components/hosting/guest-house-schema";
import { badForm, requireHostArea, type HostingActionError } from "~/utils/host-area.server";
import { i18next } from "~/i18next.server";
import { describeDomainError } from "~/utils/domain-errors.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";

export const handle = { i18n: ["auth", "hosting", "guest-houses", "portal"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireHostArea(context, request);
  const verification = await getHostStatus(context.services.hosting, user.id);
  // Becoming a host starts with the documents.
  if (!verification) throw redirect("/host/verification");
  const t = await i18next.getFixedT(request, "hosting");
  return { title: t("newHouse.title"), approved: verification.status === "verified", mapTiles: context.services.config.mapTiles ?? null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireHostArea(context, request);
  const formData = await readFormOrNull(request);
  if (!formData) return badForm(request);
  const submission = parseWithZod(formData, { schema: guestHouseFormSchema });
  if (submission.status !== "success") return data(textOnly(submission.reply()), { status: 400 });
  const result = await createGuestHouse(context.services.hosting, { hostId: user.id, details: toGuestHouseDetails(submission.value) });
  if (!result.ok) {
    const error = await describeDomainError(request, result.error);
    const field = hostingFieldOf(result.error.code);
    return data(textOnly(submission.reply(field ? { fieldErrors: { [field]: [error.message] } } : { formErrors: [error.message] })), {
      status: error.status,
    });
  }
  return redirectWithToast(context, request, `/host/houses/${encodeURIComponent(result.value.id)}/edit#photos`, {
    kind: "success",
    title: "hosting:toasts.created",
  });
}

export default function HostNewHousePage() {
  const { t } = useTranslation(["hosting", "auth"]);
  const { approved, mapTiles } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as (SubmissionResult<string[]> & Partial<HostingActionError>) | undefined;
  const lastResult = actionData && "status" in actionData ? actionData : null;
  return (
    <PortalLayout portal="host" title={t("newHouse.title")} intro={t("newHouse.intro")}>
      <GuestHouseForm
        action="/host/new-house"
        defaults={{ rooms: "1", maxGuests: "2" }}
        lastResult={lastResult}
        submitLabel={t("form.create")}
        mapTiles={mapTiles}
      >
        {actionData?.formError ? <FormAlert id="new-house-error" errors={[actionData.formError]} /> : null}
        {approved ? null : (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            {t("newHouse.hiddenUntilApproved")}
          </p>
        )}
      </GuestHouseForm>
    </PortalLayout>
  );
}
