// POST /host/houses/{id}/photo-upload: one photo, sent by the edit page's script so it can show
// each photo's progress (the page's own form posts all of them at once without JavaScript).
// Answers JSON; the same guard and use case as the edit page.
import type { ActionFunctionArgs } from "@remix-run/node";
import { addGuestHousePhoto } from "#domain/hosting/manage-guest-house.use-cases";
import { cleanKey } from "~/utils/clean-key";
import { readFormOrNull } from "~/utils/form-data.server";
import { badForm, requireHostArea } from "~/utils/host-area.server";
import { notFound } from "~/utils/not-found.server";
import { photoFiles, photoUploadAnswer } from "~/utils/photo-uploads.server";

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireHostArea(context, request);
  const houseId = cleanKey(params.id);
  if (!houseId) throw notFound();
  const formData = await readFormOrNull(request);
  if (!formData) return badForm(request);
  return photoUploadAnswer(
    request,
    photoFiles(formData),
    (bytes) => addGuestHousePhoto(context.services.hosting, { hostId: user.id, houseId, bytes }),
    "hosting.photo_empty",
  );
}

export const loader = () => {
  throw notFound();
};
