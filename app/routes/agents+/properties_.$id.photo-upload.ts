// POST /agents/properties/{id}/photo-upload: one photo, sent by the edit page's script so it can
// show each photo's progress (the page's own form posts all of them at once without JavaScript).
// Answers JSON; the same guard and use case as the edit page.
import type { ActionFunctionArgs } from "@remix-run/node";
import { addPhoto } from "#domain/property-management/manage-property.use-cases";
import { requireAgent } from "~/utils/auth.server";
import { cleanKey } from "~/utils/clean-key";
import { readFormOrNull } from "~/utils/form-data.server";
import { notFound } from "~/utils/not-found.server";
import { photoFiles, photoUploadAnswer } from "~/utils/photo-uploads.server";
import { badForm } from "~/utils/portal-forms.server";

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireAgent(context, request);
  const propertyId = cleanKey(params.id);
  if (!propertyId) throw notFound();
  const formData = await readFormOrNull(request);
  if (!formData) return badForm(request);
  return photoUploadAnswer(
    request,
    photoFiles(formData),
    (bytes) => addPhoto(context.services.properties, { agentId: user.id, propertyId, bytes }),
    "portal.photo_empty",
  );
}

export const loader = () => {
  throw notFound();
};
