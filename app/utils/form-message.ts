// A validation message that needs values ("Give an address of 3 to {{max}} characters."), carried
// as ONE string, because that is all a Zod issue and Conform's reply hold: the i18n key followed by
// its values as JSON, `portal:errors.invalid_address{"max":200}`. `translate` (app/utils/translation.tsx)
// reads it back, so every place that shows a form's errors through `t` fills the values, with
// JavaScript on or off (decision 0194). A sentence never has this shape: "ns:key" with no space,
// then "{".
const CARRIED = /^([a-z][a-z-]*:[A-Za-z0-9_.]+)(\{.*\})$/s;

export type FormMessageValues = Record<string, string | number>;

/** The message `key` with the values its text names, for a Zod schema's `message`. */
export function formMessage(key: string, values: FormMessageValues): string {
  return `${key}${JSON.stringify(values)}`;
}

/** A carried message's key and values, or null for a plain key or text. */
export function readFormMessage(message: string): { key: string; values: FormMessageValues } | null {
  // Most keys and texts end otherwise: one comparison before the pattern.
  if (message.charCodeAt(message.length - 1) !== 125 /* } */) return null;
  const match = CARRIED.exec(message);
  if (!match) return null;
  try {
    const values: unknown = JSON.parse(match[2]);
    return values !== null && typeof values === "object" && !Array.isArray(values)
      ? { key: match[1], values: values as FormMessageValues }
      : null;
  } catch {
    return null;
  }
}

const KEY = /^[a-z][a-z-]*:[A-Za-z0-9_.]+(\{.*\})?$/s;

/**
 * Whether a form's message is a key to translate (plain or carrying its values), not a text the
 * server has already translated (a domain refusal).
 */
export function isMessageKey(message: string): boolean {
  return KEY.test(message);
}
