// Reading an action's form. A browser always sends a URL-encoded or multipart form; a script may
// send JSON, text, no Content-Type or a broken multipart body, and then request.formData() throws
// a TypeError, which Remix answers with a 500. Such a request is the client's mistake: a 400.

/** The posted form, or a thrown 400 when the body is not a form at all. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("Bad Request: the body is not a form", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
