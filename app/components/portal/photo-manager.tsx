// The photo section of an edit page (an agent's property, a host's guest house): the photos in
// order with the cover first, buttons to make one the cover or move it up or down, delete after a
// confirmation, and an upload form taking several photos at once. Plain POST forms to the page's
// own action (intents add-photo, move-photo, delete-photo), so all of it works without JavaScript:
// the chosen photos then go in one post. With JavaScript the upload form sends them one by one to
// `uploadUrl` and shows each one's progress, then empties the file input (a second tap must not
// send the same photos again) and reloads the list.
import { useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "@remix-run/react";
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
  /** Where the script posts one photo at a time (JSON answers). */
  uploadUrl: string;
}

export function PhotoManager({ action, photos, deleteHref, itemTestId, uploadUrl }: PhotoManagerProps) {
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
        <PhotoUploadForm action={action} uploadUrl={uploadUrl} room={MAX_PHOTOS - photos.length} />
      ) : (
        <p className="mt-4 text-sm">{t("photos.full", { max: MAX_PHOTOS })}</p>
      )}
    </section>
  );
}

interface Upload {
  name: string;
  /** 0 to 100. */
  percent: number;
  state: "waiting" | "sending" | "done" | "failed";
  message?: string;
}

/** Sends one photo; resolves with the server's refusal message, or null when it was added. */
function sendPhoto(url: string, file: File, onProgress: (percent: number) => void, failed: string): Promise<string | null> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.append("photo", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 200) return resolve(null);
      try {
        const answer = JSON.parse(xhr.responseText) as { message?: string };
        resolve(answer.message ?? failed);
      } catch {
        resolve(failed);
      }
    };
    xhr.onerror = () => resolve(failed);
    xhr.send(body);
  });
}

function PhotoUploadForm({ action, uploadUrl, room }: { action: string; uploadUrl: string; room: number }) {
  const { t } = useTranslation("portal");
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const chosen = Array.from(input.current?.files ?? []);
    if (chosen.length === 0) return; // The browser's own "required" message, or the server's.
    event.preventDefault();
    const files = chosen.slice(0, room);
    setNote(chosen.length > room ? t("photos.tooMany", { count: room }) : null);
    const form = event.currentTarget;
    setBusy(true);
    const list: Upload[] = files.map((f) => ({ name: f.name, percent: 0, state: "waiting" }));
    setUploads(list);
    const update = (i: number, change: Partial<Upload>) => setUploads((now) => now.map((u, j) => (j === i ? { ...u, ...change } : u)));
    for (let i = 0; i < files.length; i++) {
      update(i, { state: "sending" });
      const refusal = await sendPhoto(uploadUrl, files[i], (percent) => update(i, { percent }), t("photos.failed"));
      update(i, refusal ? { state: "failed", message: refusal } : { state: "done", percent: 100 });
    }
    form.reset();
    setBusy(false);
    revalidator.revalidate();
  };

  return (
    <Form method="post" action={action} encType="multipart/form-data" className="mt-4 space-y-3" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="add-photo" />
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="photo" className="label">
            {t("photos.choose", { count: room })}
          </label>
          <input
            ref={input}
            id="photo"
            name="photo"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp"
            required
            className="block max-w-full text-sm"
          />
        </div>
        <button type="submit" className="btn-primary" disabled={busy}>
          {t("photos.upload")}
        </button>
      </div>
      {note ? <p className="text-sm">{note}</p> : null}
      {uploads.length > 0 ? (
        <ul className="space-y-2" aria-live="polite" data-testid="photo-uploads">
          {uploads.map((u, i) => (
            <li key={`${i}-${u.name}`} className="text-sm">
              <span className="break-all">{u.name}</span>{" "}
              <progress className="align-middle" max={100} value={u.percent} aria-label={t("photos.progress", { name: u.name })} />{" "}
              <span className={u.state === "failed" ? "field-error" : undefined}>
                {u.state === "done"
                  ? t("photos.uploaded")
                  : u.state === "failed"
                    ? u.message
                    : u.state === "sending"
                      ? t("photos.sending", { percent: u.percent })
                      : t("photos.waiting")}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Form>
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
