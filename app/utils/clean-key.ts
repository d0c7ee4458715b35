// Ids and references from the URL or a form, before they reach a query: a bounded length and no
// control characters (PostgreSQL refuses NUL in text, which would otherwise be a 500).
const isControl = (code: number) => code < 0x20 || code === 0x7f;

/** The trimmed value, or null when it is missing, too long or holds control characters. */
export function cleanKey(value: unknown, max = 100): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (trimmed === "" || trimmed.length > max) return null;
  for (let i = 0; i < trimmed.length; i += 1) if (isControl(trimmed.charCodeAt(i))) return null;
  return trimmed;
}

/** True when a free-text value holds characters no form field should send (NUL and other controls, except tab and line breaks). */
export function hasForbiddenControls(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (isControl(code) && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
  }
  return false;
}
