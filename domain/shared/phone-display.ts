// Phone numbers are written one way on every page and e-mail: "+237 6XX XX XX XX" (with no-break
// spaces, so a number never wraps). Whatever was typed or stored ("677123456", "237677123456",
// "+237 677-12-34-56") reads the same; a number that is not a Cameroon one is shown as typed.

const NBSP = "\u00a0";

/** "+237 677 12 34 56" (no-break spaces) for a Cameroon number, else the input trimmed. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return "";
  let digits = phone.replace(/\D/g, "");
  if (digits.startsWith("00")) digits = digits.slice(2);
  if (digits.length === 9) digits = `237${digits}`;
  const match = /^237(\d)(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(digits);
  if (!match) return phone.trim();
  const [, a, b, c, d, e] = match;
  return ["+237", `${a}${b}`, c, d, e].join(NBSP);
}
