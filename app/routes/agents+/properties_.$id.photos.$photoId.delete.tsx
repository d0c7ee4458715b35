// /agents/properties/{id}/photos/{photoId}/delete: the confirmation page for deleting a photo when
// JavaScript is off (with it, the edit page asks in a dialog). The form posts to the edit page.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { getMyProperty } from "#domain/property-management/manage-property.use-cases";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { cleanKey } from "~/utils/clean-key";
import { Photo } from "~/components/photo";
import { ConfirmPage } from "~/components/portal/confirm-action";
import { i18next } from "~/i18next.server";
import { requireAgent } from "~/utils/auth.server";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["auth", "portal"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireAgent(context, request);
  const id = cleanKey(params.id);
  const photoId = cleanKey(params.photoId);
  if (!id || !photoId) throw notFound();
  const found = await getMyProperty(context.services.properties, user.id, id);
  const photo = found.ok ? found.value.photos.find((p) => p.id === photoId) : undefined;
  if (!found.ok || !photo) throw notFound();
  const t = await i18next.getFixedT(request, "portal");
  return {
    title: t("photos.deleteTitle"),
    id,
    photo: { id: photo.id, storageKey: photo.storageKey, width: photo.width, height: photo.height, alt: found.value.title },
  };
}

export default function DeletePhotoPage() {
  const { t } = useTranslation("portal");
  const { title, id, photo } = useLoaderData<typeof loader>();
  const edit = `/agents/properties/${encodeURIComponent(id)}/edit`;
  return (
    <PortalLayout portal="agent" title={title}>
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
