// What must never reach a log line (issue 13): secrets, tokens, passwords, cookies, Authorization
// headers, webhook signatures, reset and verification tokens in URLs, and full phone numbers.
//
// It works on the serialized line, not on the objects handed to the logger: a token can hide in a
// message, an error's stack, a URL inside a nested field or a header copied whole, and only the
// finished line has all of them in one place. The patterns are anchored on the names that mark a
// secret (password, token, cookie, signature, ...), so ordinary values pass untouched.

export const REDACTED = "[REDACTED]";

/** Field names whose value is a secret, whatever their case. */
const SECRET_NAME = String.raw`[\w-]*(?:passw(?:or)?d|secret|token|cookie|authorization|signature|api[_-]?key|recovery[_-]?codes?)[\w-]*|pwd|otp|totp`;
/** URL parameters besides those: OAuth's code and state, signed URLs' sig and key. */
const SECRET_PARAMETER = String.raw`${SECRET_NAME}|code|state|sig|key`;

// "password":"…" and "set-cookie":["…","…"] in the JSON line (the key's own quotes and
// escapes included), whatever the nesting.
const JSON_STRING_FIELD = new RegExp(String.raw`("(?:${SECRET_NAME})"\s*:\s*)"(?:[^"\\]|\\.)*"`, "gi");
const JSON_ARRAY_FIELD = new RegExp(String.raw`("(?:${SECRET_NAME})"\s*:\s*)\[(?:[^\]"\\]|"(?:[^"\\]|\\.)*")*\]`, "gi");
const JSON_OBJECT_FIELD = new RegExp(String.raw`("(?:${SECRET_NAME})"\s*:\s*)\{(?:[^{}"\\]|"(?:[^"\\]|\\.)*")*\}`, "gi");
// ?token=… &code=… in a URL, up to the next parameter, fragment, space or quote.
const URL_PARAMETER = new RegExp(String.raw`([?&;](?:${SECRET_PARAMETER})=)[^&#\s"'\\]+`, "gi");
// "Authorization: Bearer …", "Bearer …", "Basic …".
const AUTH_SCHEME = /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{6,}/g;
// "Cookie: a=b; c=d" in free text: everything up to the end of the header's line or string.
const COOKIE_HEADER = /\b((?:set-)?cookie\s*:\s*)[^\n"\\]+/gi;
// password=… / secret: … in free text (an error message, a connection string's parameters).
const TEXT_ASSIGNMENT = /\b((?:passw(?:or)?d|pwd|secret|token|api[_-]?key)\s*[=:]\s*)(?!\[REDACTED\])[^\s"'&,;\\]+/gi;
// postgres://user:password@host: the password part.
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@"]+:)[^@\s"/]+@/gi;
// Nine to fifteen digits, maybe with a +, spaces, dots or dashes between them: a phone number,
// kept to its first and last three digits (6•••••123). Not inside a longer word or number
// (ids, hashes, amounts with decimals, ISO times have other characters around them), nor the
// start of a dashed id: a UUID whose first groups are all digits goes on with "-" and a letter or digit.
const PHONE = /(?<![\w.:/#-])\+?\d(?:[ .-]?\d){8,14}(?![\w]|\.\d|-\w)/g;

// Most lines (the access lines above all) hold none of these: one cheap test each skips the rest.
const MAY_HOLD_SECRET =
  /passw|pwd|secret|token|cookie|authori[sz]ation|signature|api[_-]?key|recovery|otp|bearer|basic\s|:\/\/[^\s"/@]+:[^\s"/@]+@|[?&;](?:code|state|sig|key)=/i;
const MAY_HOLD_PHONE = /\d(?:[ .-]?\d){8}/;

export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 4) return "•".repeat(digits.length);
  return `${digits[0]}${"•".repeat(digits.length - 4)}${digits.slice(-3)}`;
}

/** The line with every secret replaced by [REDACTED] and every phone number masked. */
export function redactLine(line: string): string {
  let out = line;
  if (MAY_HOLD_SECRET.test(out)) {
    out = out
      .replace(JSON_STRING_FIELD, `$1"${REDACTED}"`)
      .replace(JSON_ARRAY_FIELD, `$1"${REDACTED}"`)
      .replace(JSON_OBJECT_FIELD, `$1"${REDACTED}"`)
      .replace(URL_PARAMETER, `$1${REDACTED}`)
      .replace(AUTH_SCHEME, `$1 ${REDACTED}`)
      .replace(COOKIE_HEADER, `$1${REDACTED}`)
      .replace(TEXT_ASSIGNMENT, `$1${REDACTED}`)
      .replace(URL_CREDENTIALS, `$1${REDACTED}@`);
  }
  return MAY_HOLD_PHONE.test(out) ? out.replace(PHONE, (match) => maskPhone(match)) : out;
}
