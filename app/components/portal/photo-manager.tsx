// The photo section of an edit page (an agent's property, a host's guest house): the photos in
// order with the cover first, buttons to make one the cover or move it up or down, delete after a
// confirmation, and an upload form for one more. Plain POST forms to the page's own action
// (intents add-photo, move-photo, delete-photo), so all of it works without JavaScript.
import { Form } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { MAX_PHOTOS, MAX_PHOTO_BYTES } from "#domain/property-management/managed-property.entity";
import { Photo } from "~/components/photo";
import { ConfirmAction } from "~/components/portal/confirm-action";

export interface ManagedPhotoView {
  id: string;
  storageKey: string;
  width: number;
  height: number;
  alt: string;
}

export interface PhotoManagerProps {
  /** The edit page's own URL: every form posts there. */
  action: string;
  photos: readonly ManagedPhotoView[];
  /** The no-JavaScript confirmation page for deleting one photo. */
  deleteHref: (photoId: string) => string;
  /** data-testid of each photo's list item. */
  itemTestId: string;
}

export function PhotoManager({ action, photos, deleteHref, itemTestId }: PhotoManagerProps) {
  const { t } = useTranslation("portal");
  return (
    <section id="photos" aria-labelledby="photos-heading" className="card mb-6 p-5">
      <h2 id="photos-heading" className="text-xl font-semibold">
        {t("photos.title", { count: photos.length, max: MAX_PHOTOS })}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("photos.hint", { max: MAX_PHOTO_BYTES / (1024 * 1024) })}</p>
      {photos.length > 0 ? (
        <ol className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {photos.map((photo, index) => (
            <li key={photo.id} className="rounded border border-slate-200 p-2 dark:border-slate-700" data-testid={itemTestId}>
              <Photo photo={photo} sizes="320px" maxWidth={640} alt={t("photos.alt", { n: index + 1, total: photos.length })} />
              <p className="mt-1 text-sm font-semibold">{index === 0 ? t("photos.cover") : t("photos.number", { n: index + 1 })}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                {index > 0 ? <MoveButton action={action} photoId={photo.id} move="cover" label={t("photos.makeCover")} /> : null}
                {index > 0 ? <MoveButton action={action} photoId={photo.id} move="up" label={t("photos.up")} /> : null}
                {index < photos.length - 1 ? <MoveButton action={action} photoId={photo.id} move="down" label={t("photos.down")} /> : null}
                <ConfirmAction
                  confirmHref={deleteHref(photo.id)}
                  action={action}
                  fields={{ intent: "delete-photo", photoId: photo.id }}
                  trigger={t("photos.delete")}
                  title={t("photos.deleteTitle")}
                  body={t("photos.deleteBody")}
                  confirmLabel={t("photos.deleteConfirm")}
                />
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4">{t("photos.none")}</p>
      )}
      {photos.length < MAX_PHOTOS ? (
        <Form method="post" action={action} encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="add-photo" />
          <div>
            <label htmlFor="photo" className="label">
              {t("photos.choose")}
            </label>
            <input id="photo" name="photo" type="file" accept="image/jpeg,image/png,image/webp" required className="block text-sm" />
          </div>
          <button type="submit" className="btn-primary">
            {t("photos.upload")}
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-sm">{t("photos.full", { max: MAX_PHOTOS })}</p>
      )}
    </section>
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
