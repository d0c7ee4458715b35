// The one rule for text that comes in from outside (a form field, a search or filter value in a
// URL, a stored query read back): C0 control characters and DEL, except tab and line breaks, are
// dropped. They are invisible in text people read, no browser field sends them but by a paste,
// and PostgreSQL refuses NUL in a text parameter (the query throws: a 500 instead of an answer).
// Dropping rather than refusing: a search still searches, a message pasted from a document still
// sends; what was invisible stays invisible.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The text without control characters (tab, CR and LF stay). */
export const withoutControlCharacters = (text: string): string => text.replace(CONTROL_CHARACTERS, "");

/** True when the text holds a control character the rule drops (NUL and the like; not tab, CR, LF). */
export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTER.test(text);

/**
 * A search or filter text as a query may use it: control characters dropped, every run of white
 * space one space, trimmed, at most `max` characters; null when nothing is left.
 */
export function searchText(raw: string | null | undefined, max: number): string | null {
  if (typeof raw !== "string") return null;
  const words = withoutControlCharacters(raw).replace(/\s+/g, " ").trim().slice(0, max).trim();
  return words === "" ? null : words;
}

/**
 * An uploaded file's name as it is stored and shown back to people: control characters dropped
 * (a multipart filename may carry a NUL), no path parts, trimmed, at most 200 characters;
 * `fallback` when nothing is left.
 */
export function uploadedFileName(raw: string, fallback: string): string {
  return withoutControlCharacters(raw).split(/[\\/]/).pop()!.trim().slice(0, 200) || fallback;
}
