// /agents/properties/{id}/edit: the agent's own property (anyone else's is a 404): the property
// form, and its photos (upload one at a time, move, set the cover, delete after a confirmation).
// Each intent of the action calls one use case; every one of them checks ownership again.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { addPhoto, arrangePhoto, deletePhoto, editProperty, getMyProperty } from "../../../domain/property-management/manage-property.use-cases";
import { MAX_PHOTOS, MAX_PHOTO_BYTES, type ManagedProperty } from "../../../domain/property-management/managed-property.entity";
import { titleMeta } from "~/components/auth/page-title";
import { PortalLayout } from "~/components/auth/portal-layout";
import { FormAlert } from "~/components/auth/form-fields";
import { cleanKey } from "~/components/booking/params";
import { Photo } from "~/components/photo";
import { readForm } from "~/components/payment/payment-action.server";
import { ConfirmAction } from "~/components/portal/confirm-action";
import { StatusBadge, VerificationBadge } from "~/components/portal/property-badges";
import { PropertyForm, type PropertyFormDefaults } from "~/components/portal/property-form";
import { photoDeleteSchema, photoMoveSchema, propertyFormSchema, toPropertyDetails } from "~/components/portal/property-schema";
import { badForm, fieldOf, notFound, refused, textOnly, type PortalActionError } from "~/components/portal/portal.server";
import { i18next } from "~/i18next.server";
import { requireAgent } from "~/utils/auth.server";
import { describeDomainError } from "~/utils/domain-errors.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["auth", "portal", "listings"] };
export const meta = titleMeta;

function formDefaults(p: ManagedProperty): PropertyFormDefaults {
  const defaults: PropertyFormDefaults = {
    title: p.title,
    description: p.description,
    propertyType: p.propertyType,
    monthlyRent: String(p.monthlyRent),
    advanceMonths: String(p.advanceMonths),
    neighbourhood: p.neighbourhood,
    address: p.address,
    latitude: String(p.latitude),
    longitude: String(p.longitude),
    bedrooms: String(p.bedrooms),
    bathrooms: String(p.bathrooms),
    visitDays: p.visitingHours?.days ?? ["mon", "tue", "wed", "thu", "fri", "sat"],
    visitFrom: p.visitingHours?.from ?? "09:00",
    visitTo: p.visitingHours?.to ?? "17:00",
  };
  for (const [a, on] of Object.entries(p.amenities)) if (on) defaults[a] = "on";
  return defaults;
}

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
    property: { id: p.id, title: p.title, status: p.status, isVerified: p.isVerified, hidden: p.hiddenAt !== null },
    defaults: formDefaults(p),
    photos: p.photos.map((ph) => ({ id: ph.id, storageKey: ph.storageKey, width: ph.width, height: ph.height, alt: p.title })),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireAgent(context, request);
  const propertyId = cleanKey(params.id);
  if (!propertyId) throw notFound();
  const formData = await readForm(request);
  if (!formData) return badForm(request);
  const { properties } = context.services;
  const back = `/agents/properties/${encodeURIComponent(propertyId)}/edit`;
  const intent = formData.get("intent");

  if (intent === "add-photo") {
    const file = formData.get("photo");
    if (!(file instanceof File)) return refused(request, { code: "portal.photo_empty" });
    const result = await addPhoto(properties, { agentId: user.id, propertyId, bytes: new Uint8Array(await file.arrayBuffer()) });
    if (!result.ok) return refused(request, result.error);
    return redirectWithToast(context, request, `${back}#photos`, { kind: "success", title: "portal:toasts.photoAdded" });
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
    const result = await arrangePhoto(properties, { agentId: user.id, propertyId, photoId: submission.value.photoId, move: submission.value.move });
    if (!result.ok) return refused(request, result.error);
    return redirectWithToast(context, request, `${back}#photos`, { kind: "success", title: "portal:toasts.photosArranged" });
  }

  const submission = parseWithZod(formData, { schema: propertyFormSchema });
  if (submission.status !== "success") return data(textOnly(submission.reply()), { status: 400 });
  const result = await editProperty(properties, { agentId: user.id, propertyId, details: toPropertyDetails(submission.value) });
  if (!result.ok) {
    const error = await describeDomainError(request, result.error);
    const field = fieldOf(result.error.code);
    return data(textOnly(submission.reply(field ? { fieldErrors: { [field]: [error.message] } } : { formErrors: [error.message] })), { status: error.status });
  }
  return redirectWithToast(context, request, "/agents/properties", {
    kind: "success",
    title: result.value.becameUnverified ? "portal:toasts.savedUnverified" : "portal:toasts.saved",
  });
}

export default function AgentEditPropertyPage() {
  const { t } = useTranslation(["auth", "portal"]);
  const { property, defaults, photos } = useLoaderData<typeof loader>();
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
        <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="awaiting-verification">
          {t("portal:form.awaitingVerification")}
        </p>
      )}
      {property.hidden ? <p className="mb-4 text-sm font-semibold text-red-800 dark:text-red-300">{t("portal:list.hidden")}</p> : null}
      {actionData?.formError ? <FormAlert id="edit-error" errors={[actionData.formError]} /> : null}

      <section id="photos" aria-labelledby="photos-heading" className="card mb-6 p-5">
        <h2 id="photos-heading" className="text-xl font-semibold">
          {t("portal:photos.title", { count: photos.length, max: MAX_PHOTOS })}
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("portal:photos.hint", { max: MAX_PHOTO_BYTES / (1024 * 1024) })}</p>
        {photos.length > 0 ? (
          <ol className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {photos.map((photo, index) => (
              <li key={photo.id} className="rounded border border-slate-200 p-2 dark:border-slate-700" data-testid="portal-photo">
                <Photo photo={photo} sizes="320px" maxWidth={640} alt={t("portal:photos.alt", { n: index + 1, total: photos.length })} />
                <p className="mt-1 text-sm font-semibold">{index === 0 ? t("portal:photos.cover") : t("portal:photos.number", { n: index + 1 })}</p>
                <div className="mt-2 flex flex-wrap gap-2">
                  {index > 0 ? <MoveButton action={action} photoId={photo.id} move="cover" label={t("portal:photos.makeCover")} /> : null}
                  {index > 0 ? <MoveButton action={action} photoId={photo.id} move="up" label={t("portal:photos.up")} /> : null}
                  {index < photos.length - 1 ? <MoveButton action={action} photoId={photo.id} move="down" label={t("portal:photos.down")} /> : null}
                  <ConfirmAction
                    confirmHref={`/agents/properties/${id}/photos/${encodeURIComponent(photo.id)}/delete`}
                    action={action}
                    fields={{ intent: "delete-photo", photoId: photo.id }}
                    trigger={t("portal:photos.delete")}
                    title={t("portal:photos.deleteTitle")}
                    body={t("portal:photos.deleteBody")}
                    confirmLabel={t("portal:photos.deleteConfirm")}
                  />
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-4">{t("portal:photos.none")}</p>
        )}
        {photos.length < MAX_PHOTOS ? (
          <Form method="post" action={action} encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="add-photo" />
            <div>
              <label htmlFor="photo" className="label">
                {t("portal:photos.choose")}
              </label>
              <input id="photo" name="photo" type="file" accept="image/jpeg,image/png,image/webp" required className="block text-sm" />
            </div>
            <button type="submit" className="btn-primary">
              {t("portal:photos.upload")}
            </button>
          </Form>
        ) : (
          <p className="mt-4 text-sm">{t("portal:photos.full", { max: MAX_PHOTOS })}</p>
        )}
      </section>

      <PropertyForm action={action} defaults={defaults} lastResult={isReply ? actionData : null} submitLabel={t("portal:form.save")} />
    </PortalLayout>
  );
}

function MoveButton({ action, photoId, move, label }: { action: string; photoId: string; move: "up" | "down" | "cover"; label: string }) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="move-photo" />
      <input type="hidden" name="photoId" value={photoId} />
      <input type="hidden" name="move" value={move} />
      <button type="submit" className="btn-secondary text-sm">
        {label}
      </button>
    </Form>
  );
}
