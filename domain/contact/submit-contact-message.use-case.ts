import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import type { Mailer } from "../shared/mailer.port";
import { err, ok, type Result } from "../shared/result";
import { CONTACT_LIMITS, CONTACT_RATE_LIMIT, CONTACT_RATE_WINDOW_MS, isPlausibleEmail } from "./contact-message.entity";
import { contactError, type ContactError } from "./contact.errors";
import type { ContactMessageStore, ContactRateLimit } from "./contact-message-repository.port";

export interface ContactDeps {
  messages: ContactMessageStore;
  rateLimit: ContactRateLimit;
  mailer: Mailer;
  clock: Clock;
  ids: IdGenerator;
  /** Where contact messages are forwarded (config: SUPPORT_EMAIL). */
  supportEmail: string;
}

export interface ContactForm {
  name: string;
  email: string;
  subject: string;
  message: string;
}

const within = (value: string, min: number, max: number) => value.length >= min && value.length <= max;

/**
 * The public contact form: validated, rate limited (3 per e-mail or IP per 10 minutes), stored,
 * then forwarded to support. The honeypot is the route's job. A mail failure is thrown after the
 * message is stored, so support can still find it.
 */
export async function submitContactMessage(
  deps: ContactDeps,
  form: ContactForm,
  ip: string | null,
): Promise<Result<{ id: string }, ContactError>> {
  const name = form.name.trim();
  const email = form.email.trim().toLowerCase();
  const subject = form.subject.trim();
  const message = form.message.trim();
  const { name: n, subject: s, message: m } = CONTACT_LIMITS;
  if (!within(name, n.min, n.max)) return err(contactError("contact.invalid_name", { min: n.min, max: n.max }));
  if (!isPlausibleEmail(email)) return err(contactError("contact.invalid_email"));
  if (!within(subject, s.min, s.max)) return err(contactError("contact.invalid_subject", { min: s.min, max: s.max }));
  if (!within(message, m.min, m.max)) return err(contactError("contact.invalid_message", { min: m.min, max: m.max }));

  const now = deps.clock.now();
  const recent = await deps.rateLimit.recentSubmissions({ email, ip, since: new Date(now.getTime() - CONTACT_RATE_WINDOW_MS) });
  if (recent.byEmail >= CONTACT_RATE_LIMIT || recent.byIp >= CONTACT_RATE_LIMIT) {
    return err(contactError("contact.rate_limited", { minutes: CONTACT_RATE_WINDOW_MS / 60_000 }));
  }

  const id = deps.ids.id();
  await deps.messages.save({ id, name, email, subject, message, ip, createdAt: now });
  await deps.mailer.send({
    to: deps.supportEmail,
    subject: `[Contact] ${subject}`,
    text: `From: ${name} <${email}>\nReceived: ${now.toISOString()}\nReference: ${id}\n\n${message}\n`,
  });
  return ok({ id });
}
