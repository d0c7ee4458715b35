// /agents/properties/{id}/edit: the agent's own property (anyone else's is a 404): the property
// form, and its photos (upload several at once, move, set the cover, delete after a confirmation).
// Each intent of the action calls one use case; every one of them checks ownership again.
import type { SubmissionResult } from "~/utils/form";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { addPhoto, arrangePhoto, deletePhoto, editProperty, getMyProperty } from "#domain/property-management/manage-property.use-cases";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { FormAlert } from "~/components/forms/form-fields";
import { cleanKey } from "~/utils/clean-key";
import { PhotoManager } from "~/components/portal/photo-manager";
import { StatusBadge, VerificationBadge } from "~/components/portal/property-badges";
import { PropertyForm, propertyFormDefaults } from "~/components/portal/property-form";
import { photoDeleteSchema, photoMoveSchema, propertyFormSchema, toPropertyDetails } from "~/components/portal/property-schema";
import { badForm, refused, textOnly, type PortalActionError, propertyFormRefused } from "~/utils/portal-forms.server";
import { i18next } from "~/i18next.server";
import { requireAgent } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { addPhotos, photoFiles } from "~/utils/photo-uploads.server";
import { notFound } from "~/utils/not-found.server";
import { formatDistance } from "~/utils/format";
import { getLanguage } from "~/utils/preferences.server";
import { needsPhotoToPublish } from "#domain/listings/public-listing";

export const handle = { i18n: ["auth", "portal", "listings"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireAgent(context, request);
  const id = cleanKey(params.id);
  if (!id) throw notFound();
  const found = await getMyProperty(context.services.properties, user.id, id);
  if (!found.ok) throw notFound();
  const p = found.value;
  const t = await i18next.getFixedT(request, "auth");
  return {
    title: t("portal.agent.pages.editProperty.title"),
    property: {
      id: p.id,
      title: p.title,
      status: p.status,
      isVerified: p.isVerified,
      hidden: p.hiddenAt !== null,
      needsPhoto: needsPhotoToPublish(p.photos.length),
      neighbourhood: p.neighbourhood,
      approximateDistance: p.locationApproximate ? formatDistance(p.distanceToCampusM, await getLanguage(request)) : null,
    },
    mapTiles: context.services.config.mapTiles ?? null,
    defaults: propertyFormDefaults(p),
    photos: p.photos.map((ph) => ({ id: ph.id, storageKey: ph.storageKey, width: ph.width, height: ph.height, alt: p.title })),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireAgent(context, request);
  const propertyId = cleanKey(params.id);
  if (!propertyId) throw notFound();
  const formData = await readFormOrNull(request);
  if (!formData) return badForm(request);
  const { properties } = context.services;
  const back = `/agents/properties/${encodeURIComponent(propertyId)}/edit`;
  const intent = formData.get("intent");

  if (intent === "add-photo") {
    // One post with every chosen file (without JavaScript; the script sends them one by one to
    // /agents/properties/{id}/photo-upload to show each one's progress).
    const files = photoFiles(formData);
    if (files.length === 0) return refused(request, { code: "portal.photo_empty" });
    const { added, error } = await addPhotos(files, (bytes) => addPhoto(properties, { agentId: user.id, propertyId, bytes }));
    if (error) return refused(request, error);
    return redirectWithToast(context, request, `${back}#photos`, {
      kind: "success",
      title: "portal:toasts.photosAdded",
      params: { count: added },
    });
  }
  if (intent === "delete-photo") {
    const submission = parseWithZod(formData, { schema: photoDeleteSchema });
    if (submission.status !== "success") return badForm(request);
    const result = await deletePhoto(properties, { agentId: user.id, propertyId, photoId: submission.value.photoId });
    if (!result.ok) return refused(request, result.error);
    return redirectWithToast(context, request, `${back}#photos`, { kind: "success", title: "portal:toasts.photoDeleted" });
  }
  if (intent === "move-photo") {
    const submission = parseWithZod(formData, { schema: photoMoveSchema });
    if (submission.status !== "success") return badForm(request);
    const result = await arrangePhoto(properties, {
      agentId: user.id,
      propertyId,
      photoId: submission.value.photoId,
      move: submission.value.move,
    });
    if (!result.ok) return refused(request, result.error);
    return redirectWithToast(context, request, `${back}#photos`, { kind: "success", title: "portal:toasts.photosArranged" });
  }

  const submission = parseWithZod(formData, { schema: propertyFormSchema });
  if (submission.status !== "success") return data(textOnly(submission.reply()), { status: 400 });
  const result = await editProperty(properties, { agentId: user.id, propertyId, details: toPropertyDetails(submission.value) });
  if (!result.ok) return propertyFormRefused(request, (o) => submission.reply(o), result.error);
  return redirectWithToast(context, request, "/agents/properties", {
    kind: "success",
    title: result.value.becameUnverified ? "portal:toasts.savedUnverified" : "portal:toasts.saved",
  });
}

export default function AgentEditPropertyPage() {
  const { t } = useTranslation(["auth", "portal"]);
  const { property, defaults, photos, mapTiles } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as (SubmissionResult<string[]> & Partial<PortalActionError>) | undefined;
  const isReply = actionData !== undefined && "status" in actionData;
  const id = encodeURIComponent(property.id);
  const action = `/agents/properties/${id}/edit`;
  return (
    <PortalLayout portal="agent" title={t("portal.agent.pages.editProperty.title")} intro={property.title}>
      <p className="mb-4 flex flex-wrap items-center gap-2">
        <StatusBadge status={property.status} />
        <VerificationBadge verified={property.isVerified} />
      </p>
      {property.isVerified ? (
        <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{t("portal:form.materialNote")}</p>
      ) : (
        <p
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          data-testid="awaiting-verification"
        >
          {t("portal:form.awaitingVerification")}
        </p>
      )}
      {property.approximateDistance ? (
        <p className="mb-4 text-sm text-slate-700 dark:text-slate-300" data-testid="approximate-location">
          {t("portal:form.approximateLocation", { neighbourhood: property.neighbourhood, distance: property.approximateDistance })}
        </p>
      ) : null}
      {property.needsPhoto ? (
        <p
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-semibold text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          data-testid="needs-photo"
        >
          <a href="#photos" className="underline">
            {t("portal:list.needsPhoto")}
          </a>
        </p>
      ) : null}
      {property.hidden ? <p className="mb-4 text-sm font-semibold text-red-800 dark:text-red-300">{t("portal:list.hidden")}</p> : null}
      {actionData?.formError ? <FormAlert id="edit-error" errors={[actionData.formError]} /> : null}

      <PhotoManager
        action={action}
        uploadUrl={`/agents/properties/${id}/photo-upload`}
        photos={photos}
        deleteHref={(photoId) => `/agents/properties/${id}/photos/${encodeURIComponent(photoId)}/delete`}
        itemTestId="portal-photo"
      />

      <PropertyForm
        action={action}
        defaults={defaults}
        lastResult={isReply ? actionData : null}
        submitLabel={t("portal:form.save")}
        mapTiles={mapTiles}
      />
    </PortalLayout>
  );
}
