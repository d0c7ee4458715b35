// Several photos in one post (issue 33): the edit pages of a property and of a guest house take
// every file of the `photo` field, without JavaScript too, and add them one after the other
// through the module's own use case (each photo is checked, stored and counted against the
// 10-photo limit on its own). Photos added before a refused one stay added.
import type { DomainError, Result } from "#domain/shared/result";
import { describeDomainError } from "~/utils/domain-errors.server";

/** The files of the form's `photo` field; an empty file input sends one nameless, empty file. */
export function photoFiles(formData: FormData): File[] {
  return formData.getAll("photo").filter((v): v is File => v instanceof File && !(v.size === 0 && v.name === ""));
}

/** Adds each file in order; stops at the first refusal (the limit reached, a bad file). */
export async function addPhotos<E extends DomainError>(
  files: readonly File[],
  add: (bytes: Uint8Array) => Promise<Result<unknown, E>>,
): Promise<{ added: number; error: E | null }> {
  let added = 0;
  for (const file of files) {
    const result = await add(new Uint8Array(await file.arrayBuffer()));
    if (!result.ok) return { added, error: result.error };
    added++;
  }
  return { added, error: null };
}

/**
 * The JSON answer of a photo upload made by the page's script (one file per request, so it can
 * show each photo's progress): 200 when added, else the translated refusal with its status.
 */
export async function photoUploadAnswer<E extends DomainError>(
  request: Request,
  files: readonly File[],
  add: (bytes: Uint8Array) => Promise<Result<unknown, E>>,
  emptyCode: E["code"],
): Promise<Response> {
  const json = (body: unknown, status: number) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
    });
  if (files.length !== 1) {
    const described = await describeDomainError(request, { code: emptyCode } as E);
    return json({ ok: false, message: described.message }, 400);
  }
  const { error } = await addPhotos(files, add);
  if (!error) return json({ ok: true }, 200);
  const described = await describeDomainError(request, error);
  return json({ ok: false, message: described.message }, described.status);
}
