// Input rules shared by sign-up, profile and agent verification.

export const PASSWORD_MIN_LENGTH = 6;

export function normaliseEmail(raw: string | undefined | null): string {
  return (raw ?? "").trim().toLowerCase();
}

/** The one rule for who is an admin: the address is in ADMIN_EMAILS (stored lower-case). */
export function isOnAdminAllowList(adminEmails: readonly string[], email: string): boolean {
  return adminEmails.includes(email.toLowerCase());
}

// Deliberately loose: one @, something on each side, a dot in the domain, no spaces. The
// confirmation e-mail is the real check.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}

/**
 * A Cameroon mobile number: 9 digits starting with 6, optionally after +237 or 237, spaces,
 * dots and dashes allowed between groups. Returns +2376XXXXXXXX, or null when it is not one.
 */
export function normaliseCameroonPhone(raw: string): string | null {
  const compact = raw.trim().replace(/[\s.-]/g, "");
  const match = /^(?:\+?237)?(6\d{8})$/.exec(compact);
  return match ? `+237${match[1]}` : null;
}

export function isValidHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
