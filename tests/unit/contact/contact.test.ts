import { beforeEach, describe, expect, it } from "vitest";
import { InMemoryContactMessageStore } from "#domain/contact/in-memory-contact-message-store";
import { submitContactMessage, type ContactForm } from "#domain/contact/submit-contact-message.use-case";
import { FixedClock, MINUTE_MS } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { InMemoryMailer } from "#domain/shared/mailer.port";

describe("contact form", () => {
  let store: InMemoryContactMessageStore;
  let mailer: InMemoryMailer;
  let clock: FixedClock;
  const deps = () => ({
    messages: store,
    rateLimit: store,
    mailer,
    clock,
    ids: new SequentialIds("c"),
    supportEmail: "support@kamernest.cm",
  });
  const form = (over: Partial<ContactForm> = {}): ContactForm => ({
    name: "Ngozi Tabi",
    email: "ngozi@example.cm",
    subject: "Agent did not show up",
    message: "I booked a visit for Saturday and nobody came.",
    ...over,
  });
  beforeEach(() => {
    store = new InMemoryContactMessageStore();
    mailer = new InMemoryMailer();
    clock = new FixedClock(new Date("2026-11-20T09:00:00Z"));
  });

  it("stores the message and forwards it to support", async () => {
    const r = await submitContactMessage(deps(), form({ name: "  Ngozi Tabi ", email: " Ngozi@Example.CM " }), "41.202.1.1");
    expect(r).toEqual({ ok: true, value: { id: "c-000001" } });
    expect(store.messages[0]).toMatchObject({ name: "Ngozi Tabi", email: "ngozi@example.cm", ip: "41.202.1.1", createdAt: clock.now() });
    const mail = mailer.lastTo("support@kamernest.cm");
    expect(mail?.subject).toBe("[Contact] Agent did not show up");
    expect(mail?.text).toContain("From: Ngozi Tabi <ngozi@example.cm>");
    expect(mail?.text).toContain("nobody came.");
  });

  it.each([
    [{ name: "N" }, "contact.invalid_name"],
    [{ name: "x".repeat(101) }, "contact.invalid_name"],
    [{ email: "ngozi" }, "contact.invalid_email"],
    [{ email: "ngozi @example.cm" }, "contact.invalid_email"],
    [{ email: `${"x".repeat(250)}@a.cm` }, "contact.invalid_email"],
    [{ subject: "  " }, "contact.invalid_subject"],
    [{ subject: "x".repeat(151) }, "contact.invalid_subject"],
    [{ message: "Too short" }, "contact.invalid_message"],
    [{ message: "x".repeat(5001) }, "contact.invalid_message"],
  ])("refuses %o with %s", async (over, code) => {
    const r = await submitContactMessage(deps(), form(over), "41.202.1.1");
    expect(r.ok ? null : r.error.code).toBe(code);
    expect(store.messages).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });

  it("accepts the boundary lengths", async () => {
    const r = await submitContactMessage(deps(), form({ name: "Bi", subject: "Hey", message: "x".repeat(5000) }), null);
    expect(r.ok).toBe(true);
  });

  it("allows 3 messages per e-mail address in 10 minutes", async () => {
    for (let i = 0; i < 3; i++) {
      clock.advance(MINUTE_MS);
      expect(
        (await submitContactMessage(deps(), form({ email: i === 1 ? "NGOZI@example.cm" : "ngozi@example.cm" }), `10.0.0.${i}`)).ok,
      ).toBe(true);
    }
    expect(await submitContactMessage(deps(), form(), "10.0.0.9")).toEqual({
      ok: false,
      error: { code: "contact.rate_limited", params: { minutes: 10 } },
    });
    expect(mailer.sent).toHaveLength(3);
    clock.advance(8 * MINUTE_MS); // the first message is now more than 10 minutes old
    expect((await submitContactMessage(deps(), form(), "10.0.0.9")).ok).toBe(true);
  });

  it("allows 3 messages per IP in 10 minutes whatever the address", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await submitContactMessage(deps(), form({ email: `user${i}@example.cm` }), "41.202.1.1")).ok).toBe(true);
    }
    const r = await submitContactMessage(deps(), form({ email: "user9@example.cm" }), "41.202.1.1");
    expect(r.ok ? null : r.error.code).toBe("contact.rate_limited");
    expect((await submitContactMessage(deps(), form({ email: "user9@example.cm" }), "41.202.1.2")).ok).toBe(true);
  });

  it("keeps the message when forwarding fails, and reports the failure", async () => {
    mailer.send = async () => {
      throw new Error("SMTP down");
    };
    await expect(submitContactMessage(deps(), form(), null)).rejects.toThrow("SMTP down");
    expect(store.messages).toHaveLength(1);
  });
});
