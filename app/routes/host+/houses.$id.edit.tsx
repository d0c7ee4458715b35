// /host/houses/{id}/edit: the host's own guest house (anyone else's is a 404): its details, its
// photos (upload one at a time, move, set the cover, delete after a confirmation) and the nights it is not available
// (block or unblock a range). Each intent calls one use case, which checks ownership again.
import type { SubmissionResult } from "~/utils/form";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { MAX_BLOCK_NIGHTS, nightOf, type HostedGuestHouse } from "#domain/hosting/hosted-guest-house.entity";
import {
  addGuestHousePhoto,
  arrangeGuestHousePhoto,
  deleteGuestHousePhoto,
  editGuestHouse,
  getMyGuestHouse,
  setBlockedNights,
} from "#domain/hosting/manage-guest-house.use-cases";
import { FormAlert } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { cleanKey } from "~/utils/clean-key";
import { PhotoManager } from "~/components/portal/photo-manager";
import { textOnly } from "~/utils/portal-forms.server";
import { GuestHouseForm, type GuestHouseFormDefaults } from "~/components/hosting/guest-house-form";
import {
  blockNightsSchema,
  guestHouseFormSchema,
  hostingFieldOf,
  photoDeleteSchema,
  photoMoveSchema,
  toGuestHouseDetails,
} from "~/components/hosting/guest-house-schema";
import { badForm, refused, requireHostArea, type HostingActionError } from "~/utils/host-area.server";
import { i18next } from "~/i18next.server";
import { describeDomainError } from "~/utils/domain-errors.server";
import { formatDate } from "~/utils/format";
import { getLanguage } from "~/utils/preferences.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { addPhotos, photoFiles } from "~/utils/photo-uploads.server";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["auth", "hosting", "guest-houses", "portal"] };
export const meta = titleMeta;

function formDefaults(h: HostedGuestHouse): GuestHouseFormDefaults {
  return {
    name: h.name,
    description: h.description,
    neighbourhood: h.neighbourhood,
    address: h.address,
    // Only the neighbourhood's centre: no point of the host's (decision 0205).
    latitude: h.locationApproximate ? "" : String(h.latitude),
    longitude: h.locationApproximate ? "" : String(h.longitude),
    nightlyRate: String(h.nightlyRate),
    rooms: String(h.rooms),
    maxGuests: String(h.maxGuests),
    amenities: [...h.amenities],
    houseRules: h.houseRules,
    whatsappNumber: h.whatsappNumber,
  };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireHostArea(context, request);
  const id = cleanKey(params.id);
  if (!id) throw notFound();
  const found = await getMyGuestHouse(context.services.hosting, user.id, id);
  if (!found.ok) throw notFound();
  const { house, blockedNights } = found.value;
  const [t, language] = await Promise.all([i18next.getFixedT(request, "hosting"), getLanguage(request)]);
  return {
    title: t("editHouse.title"),
    house: { id: house.id, name: house.name },
    defaults: formDefaults(house),
    photos: house.photos.map((p) => ({ id: p.id, storageKey: p.storageKey, width: p.width, height: p.height, alt: house.name })),
    today: nightOf(context.services.hosting.clock.now()),
    blockedNights: blockedNights.map((night) => ({ night, label: formatDate(`${night}T12:00:00Z`, language) })),
    mapTiles: context.services.config.mapTiles ?? null,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireHostArea(context, request);
  const houseId = cleanKey(params.id);
  if (!houseId) throw notFound();
  const formData = await readFormOrNull(request);
  if (!formData) return badForm(request);
  const { hosting } = context.services;
  const back = `/host/houses/${encodeURIComponent(houseId)}/edit`;
  const intent = formData.get("intent");

  if (intent === "add-photo") {
    // Every chosen file in one post (the script sends them one by one to …/photo-upload instead).
    const files = photoFiles(formData);
    if (files.length === 0) return refused(request, { code: "hosting.photo_empty" });
    const { added, error } = await addPhotos(files, (bytes) => addGuestHousePhoto(hosting, { hostId: user.id, houseId, bytes }));
    if (error) return refused(request, error);
    return redirectWithToast(context, request, `${back}#photos`, {
      kind: "success",
      title: "hosting:toasts.photosAdded",
      params: { count: added },
    });
  }
  if (intent === "delete-photo") {
    const submission = parseWithZod(formData, { schema: photoDeleteSchema });
    if (submission.status !== "success") return badForm(request);
    const result = await deleteGuestHousePhoto(hosting, { hostId: user.id, houseId, photoId: submission.value.photoId });
    if (!result.ok) return refused(request, result.error);
    return redirectWithToast(context, request, `${back}#photos`, { kind: "success", title: "hosting:toasts.photoDeleted" });
  }
  if (intent === "move-photo") {
    const submission = parseWithZod(formData, { schema: photoMoveSchema });
    if (submission.status !== "success") return badForm(request);
    const result = await arrangeGuestHousePhoto(hosting, {
      hostId: user.id,
      houseId,
      photoId: submission.value.photoId,
      move: submission.value.move,
    });
    if (!result.ok) return refused(request, result.error);
    return redirectWithToast(context, request, `${back}#photos`, { kind: "success", title: "hosting:toasts.photosArranged" });
  }
  if (intent === "block" || intent === "unblock") {
    const submission = parseWithZod(formData, { schema: blockNightsSchema });
    if (submission.status !== "success") return refused(request, { code: "hosting.invalid_dates", params: { max: MAX_BLOCK_NIGHTS } });
    const { from, to } = submission.value;
    const result = await setBlockedNights(hosting, { hostId: user.id, houseId, from, to, blocked: intent === "block" });
    if (!result.ok) return refused(request, result.error);
    return redirectWithToast(context, request, `${back}#availability`, {
      kind: "success",
      title: intent === "block" ? "hosting:toasts.blocked" : "hosting:toasts.unblocked",
    });
  }

  const submission = parseWithZod(formData, { schema: guestHouseFormSchema });
  if (submission.status !== "success") return data(textOnly(submission.reply()), { status: 400 });
  const result = await editGuestHouse(hosting, { hostId: user.id, houseId, details: toGuestHouseDetails(submission.value) });
  if (!result.ok) {
    const error = await describeDomainError(request, result.error);
    const field = hostingFieldOf(result.error.code);
    return data(textOnly(submission.reply(field ? { fieldErrors: { [field]: [error.message] } } : { formErrors: [error.message] })), {
      status: error.status,
    });
  }
  return redirectWithToast(context, request, "/host", { kind: "success", title: "hosting:toasts.saved" });
}

export default function HostEditHousePage() {
  const { t } = useTranslation(["hosting", "auth", "portal"]);
  const { house, defaults, photos, today, blockedNights, mapTiles } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as (SubmissionResult<string[]> & Partial<HostingActionError>) | undefined;
  const isReply = actionData !== undefined && "status" in actionData;
  const id = encodeURIComponent(house.id);
  const action = `/host/houses/${id}/edit`;
  return (
    <PortalLayout portal="host" title={t("editHouse.title")} intro={house.name}>
      {actionData?.formError ? <FormAlert id="edit-house-error" errors={[actionData.formError]} /> : null}

      <PhotoManager
        action={action}
        uploadUrl={`/host/houses/${id}/photo-upload`}
        photos={photos}
        deleteHref={(photoId) => `/host/houses/${id}/photos/${encodeURIComponent(photoId)}/delete`}
        itemTestId="host-photo"
      />

      <section id="availability" aria-labelledby="availability-heading" className="card mb-6 p-5">
        <h2 id="availability-heading" className="text-xl font-semibold">
          {t("availability.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("availability.hint", { max: MAX_BLOCK_NIGHTS })}</p>
        <Form method="post" action={action} className="mt-4 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="block-from" className="label">
              {t("availability.from")}
            </label>
            <input id="block-from" name="from" type="date" min={today} required className="input" />
          </div>
          <div>
            <label htmlFor="block-to" className="label">
              {t("availability.to")}
            </label>
            <input id="block-to" name="to" type="date" min={today} required className="input" />
          </div>
          <button type="submit" name="intent" value="block" className="btn-primary">
            {t("availability.block")}
          </button>
          <button type="submit" name="intent" value="unblock" className="btn-secondary">
            {t("availability.unblock")}
          </button>
        </Form>
        <h3 className="mt-5 font-semibold">{t("availability.blockedTitle", { count: blockedNights.length })}</h3>
        {blockedNights.length === 0 ? (
          <p className="mt-2 text-sm">{t("availability.none")}</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2" data-testid="blocked-nights">
            {blockedNights.map(({ night, label }) => (
              <li key={night}>
                <Form
                  method="post"
                  action={action}
                  className="flex items-center gap-1 rounded-full border border-slate-300 py-0.5 pl-3 pr-1 text-sm dark:border-slate-600"
                >
                  <span>{label}</span>
                  <input type="hidden" name="from" value={night} />
                  <input type="hidden" name="to" value={night} />
                  <button
                    type="submit"
                    name="intent"
                    value="unblock"
                    className="rounded-full px-2 py-0.5 hover:bg-slate-100 dark:hover:bg-slate-800"
                    aria-label={t("availability.unblockNight", { date: label })}
                  >
                    ×
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <GuestHouseForm
        action={action}
        defaults={defaults}
        lastResult={isReply ? actionData : null}
        submitLabel={t("form.save")}
        mapTiles={mapTiles}
      />
    </PortalLayout>
  );
}
