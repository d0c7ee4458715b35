// Agents type their phone numbers every way there is ("6 77 12 34 56", "+237 677...", "00237...").
// A WhatsApp link (wa.me/<digits>) needs the digits with the country code and nothing else.

export const CAMEROON_COUNTRY_CODE = "237";
const NATIONAL_NUMBER_LENGTH = 9;

/** Digits for wa.me, with 237 added to a 9-digit Cameroon number; null when nothing usable is left. */
export function whatsappDigits(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let digits = phone.replace(/\D/g, "");
  if (digits.startsWith("00")) digits = digits.slice(2);
  if (digits.length === NATIONAL_NUMBER_LENGTH) digits = CAMEROON_COUNTRY_CODE + digits;
  // Shorter than a national number plus a one-digit country code cannot be dialled.
  return digits.length >= NATIONAL_NUMBER_LENGTH + 1 && digits.length <= 15 ? digits : null;
}
