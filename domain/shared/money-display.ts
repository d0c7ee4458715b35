// Amounts are written one way on every page, e-mail and message: "8 000 FCFA", with no-break spaces
// (U+00A0) between the thousands and before FCFA, so an amount never wraps inside itself on a
// narrow phone. FCFA is the label students know; XAF is for the provider.

const NBSP = "\u00a0";

/** 8000 → "8 000 FCFA" (no-break spaces), whatever the language. */
export function formatXaf(amount: number): string {
  const digits = String(Math.round(Math.abs(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${amount < 0 ? "-" : ""}${digits}${NBSP}FCFA`;
}
