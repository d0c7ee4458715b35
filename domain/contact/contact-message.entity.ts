export const CONTACT_LIMITS = {
  name: { min: 2, max: 100 },
  email: { max: 254 },
  subject: { min: 3, max: 150 },
  message: { min: 10, max: 5000 },
} as const;

/** At most this many messages per e-mail address, and per IP, in the window. */
export const CONTACT_RATE_LIMIT = 3;
export const CONTACT_RATE_WINDOW_MS = 10 * 60_000;

export interface ContactMessage {
  id: string;
  name: string;
  /** Trimmed and lower-cased, so the rate limit cannot be dodged by capitals. */
  email: string;
  subject: string;
  message: string;
  ip: string | null;
  createdAt: Date;
}

// Deliberately simple: one @, no spaces, a dot in the domain. The real check is the reply reaching them.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isPlausibleEmail = (email: string): boolean => email.length <= CONTACT_LIMITS.email.max && EMAIL.test(email);
