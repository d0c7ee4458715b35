// /host/houses/{id}/photos/{photoId}/delete: the confirmation page for deleting a photo when
// JavaScript is off (with it, the edit page asks in a dialog). The form posts to the edit page.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { getMyGuestHouse } from "#domain/hosting/manage-guest-house.use-cases";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { cleanKey } from "~/utils/clean-key";
import { Photo } from "~/components/photo";
import { ConfirmPage } from "~/components/portal/confirm-action";
import { requireHostArea } from "~/utils/host-area.server";
import { i18next } from "~/i18next.server";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["auth", "hosting", "portal"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireHostArea(context, request);
  const id = cleanKey(params.id);
  const photoId = cleanKey(params.photoId);
  if (!id || !photoId) throw notFound();
  const found = await getMyGuestHouse(context.services.hosting, user.id, id);
  const photo = found.ok ? found.value.house.photos.find((p) => p.id === photoId) : undefined;
  if (!found.ok || !photo) throw notFound();
  const t = await i18next.getFixedT(request, "portal");
  return {
    title: t("photos.deleteTitle"),
    id,
    photo: { id: photo.id, storageKey: photo.storageKey, width: photo.width, height: photo.height, alt: found.value.house.name },
  };
}

export default function DeleteGuestHousePhotoPage() {
  const { t } = useTranslation("portal");
  const { title, id, photo } = useLoaderData<typeof loader>();
  const edit = `/host/houses/${encodeURIComponent(id)}/edit`;
  return (
    <PortalLayout portal="host" title={title}>
      <ConfirmPage
        action={edit}
        fields={{ intent: "delete-photo", photoId: photo.id }}
        body={t("photos.deleteBody")}
        confirmLabel={t("photos.deleteConfirm")}
        backHref={`${edit}#photos`}
      >
        <div className="mb-4 max-w-xs overflow-hidden rounded">
          <Photo photo={photo} sizes="320px" maxWidth={640} />
        </div>
      </ConfirmPage>
    </PortalLayout>
  );
}
