// C0 control characters and DEL, except tab and line breaks: invisible in text people read, and
// PostgreSQL refuses NUL in a text column (a 500 instead of a stored row).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** The text without control characters (tab, CR and LF stay). */
export const withoutControlCharacters = (text: string): string => text.replace(CONTROL_CHARACTERS, "");
