// Reading an action's form. A browser always sends a URL-encoded or multipart form; a script may
// send JSON, text, no Content-Type or a broken multipart body, and then request.formData() throws
// a TypeError, which Remix answers with a 500. Such a request is the client's mistake: a 400.
// A NUL character is refused the same way: no form field sends one, and PostgreSQL cannot store
// it in text (the insert would throw, a 500), so it never reaches a use case.

const badRequest = (why: string) => new Response(`Bad Request: ${why}`, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** The posted form, or a thrown 400 when the body is not a form at all or a field holds a NUL. */
export async function readFormData(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw badRequest("the body is not a form");
  }
  for (const [name, value] of formData) {
    if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) throw badRequest("a field holds a NUL character");
  }
  return formData;
}
