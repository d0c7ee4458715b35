// Reading an action's form. A browser always sends a URL-encoded or multipart form; a script may
// send JSON, text, no Content-Type or a broken multipart body, and then request.formData() throws
// a TypeError, which Remix answers with a 500. Such a request is the client's mistake: a 400.
// Every field then passes the text rule (domain/shared/text.ts): control characters such as NUL
// are dropped from names and text values as the form enters, so none reaches a use case or a
// query (PostgreSQL refuses a NUL in text: the insert or search would throw, a 500), and a
// message pasted with an invisible control character still sends.
import { hasControlCharacters, withoutControlCharacters } from "#domain/shared/text";

const badRequest = (why: string) =>
  new Response(`Bad Request: ${why}`, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** The form with control characters dropped from every field name and text value; files stay as sent. */
export function cleanFormData(formData: FormData): FormData {
  let dirty = false;
  for (const [name, value] of formData) {
    if (hasControlCharacters(name) || (typeof value === "string" && hasControlCharacters(value))) {
      dirty = true;
      break;
    }
  }
  if (!dirty) return formData;
  const clean = new FormData();
  for (const [rawName, value] of formData) {
    const name = withoutControlCharacters(rawName);
    // A name that was nothing but control characters names no field of ours.
    if (name === "") continue;
    clean.append(name, typeof value === "string" ? withoutControlCharacters(value) : value);
  }
  return clean;
}

/** The posted form, cleaned, or null when the body is not a form at all (the caller answers 400). */
export async function readFormOrNull(request: Request): Promise<FormData | null> {
  try {
    return cleanFormData(await request.formData());
  } catch {
    return null;
  }
}

/** The posted form, cleaned, or a thrown 400 when the body is not a form at all. */
export async function readFormData(request: Request): Promise<FormData> {
  const formData = await readFormOrNull(request);
  if (!formData) throw badRequest("the body is not a form");
  return formData;
}
