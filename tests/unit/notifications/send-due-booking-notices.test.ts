// The booking e-mail job over in-memory adapters: sends in the recipient's language, retries a
// failed send with a growing wait, gives up after MAX_NOTICE_ATTEMPTS, never lets one notice stop
// the others, never sends one notice twice, and skips reminders that no longer apply.
import { describe, expect, it } from "vitest";
import { FixedClock, MINUTE_MS } from "#domain/shared/clock";
import { InMemoryMailer, type MailMessage, type Mailer } from "#domain/shared/mailer.port";
import { MAX_NOTICE_ATTEMPTS, NOTICE_LEASE_MS } from "#domain/notifications/booking-notice";
import { InMemoryBookingNoticeOutbox } from "#domain/notifications/in-memory-booking-notice-outbox";
import { InMemoryBookingNoticeReader } from "#domain/notifications/in-memory-booking-notice-reader";
import type { BookingNoticeContext } from "#domain/notifications/booking-notice-reader.port";
import { sendDueBookingNotices, type SendBookingNoticesDeps } from "#domain/notifications/send-due-booking-notices.use-case";
import { defaultBookingEmails } from "#infrastructure/mail/default-booking-emails";

const START = new Date("2026-12-01T08:00:00.000Z");

const context = (id: string, over: Partial<BookingNoticeContext["booking"]> = {}): BookingNoticeContext => ({
  booking: {
    id,
    reference: `KN-${id.toUpperCase()}`,
    status: "confirmed",
    visitDate: "2026-12-02",
    visitTime: "10:00 AM",
    viewingOutcome: null,
    paymentStatus: "confirmed",
    agentResponse: "awaiting",
    cancelledBy: null,
    visitorName: "Ngozi Ekane",
    visitorPhone: "677123456",
    ...over,
  },
  property: { title: "Studio in Molyko", address: "Mile 17 road", neighbourhood: "Molyko" },
  student: { name: "Ngozi", email: "ngozi@example.cm", language: "fr" },
  agent: { name: "Buea Homes", email: "agent@example.cm", language: "en" },
});

/** Fails every send to the addresses in `failing`; records the others. */
class FlakyMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  constructor(readonly failing: Set<string>) {}
  async send(message: MailMessage): Promise<void> {
    if (this.failing.has(message.to)) throw new Error(`SMTP refused ${message.to}`);
    this.sent.push(message);
  }
}

function world(mailer: Mailer = new InMemoryMailer()) {
  const clock = new FixedClock(START);
  const outbox = new InMemoryBookingNoticeOutbox();
  const reader = new InMemoryBookingNoticeReader();
  reader.setContext(context("b1"));
  const deps: SendBookingNoticesDeps = { outbox, reader, emails: defaultBookingEmails, mailer, clock, appUrl: "https://kamernest.test" };
  return { clock, outbox, reader, deps, run: () => sendDueBookingNotices(deps) };
}

describe("sending due booking notices", () => {
  it("sends each notice once, to the right person in their language, and marks it sent", async () => {
    const mailer = new InMemoryMailer();
    const w = world(mailer);
    await w.outbox.enqueue({ kind: "booking_confirmed", bookingId: "b1", recipient: "student" }, START);
    await w.outbox.enqueue({ kind: "booking_confirmed", bookingId: "b1", recipient: "agent" }, START);
    expect(await w.run()).toMatchObject({ sent: 2, retrying: 0, gaveUp: 0 });
    expect(mailer.sent.map((m) => m.to)).toEqual(["ngozi@example.cm", "agent@example.cm"]);
    expect(mailer.sent[0].subject).toBe("Visite réservée : Studio in Molyko");
    expect(mailer.sent[0].text).toContain("https://kamernest.test/profile");
    expect(mailer.sent[1].subject).toBe("New visit booked: Studio in Molyko on Wednesday, 2 December 2026");
    expect(mailer.sent[1].text).toContain("https://kamernest.test/agents/bookings");
    expect(w.outbox.all().map((n) => [n.status, n.attempts])).toEqual([
      ["sent", 1],
      ["sent", 1],
    ]);
    // A second run finds nothing due.
    expect(await w.run()).toMatchObject({ sent: 0 });
    expect(mailer.sent).toHaveLength(2);
  });

  it("retries a failed send after 1, 2, 4 ... minutes and sends it when the mailer recovers", async () => {
    const mailer = new FlakyMailer(new Set(["ngozi@example.cm"]));
    const w = world(mailer);
    await w.outbox.enqueue({ kind: "visit_accepted", bookingId: "b1", recipient: "student" }, START);
    expect(await w.run()).toMatchObject({ sent: 0, retrying: 1, failures: [{ error: "SMTP refused ngozi@example.cm" }] });
    let [n] = w.outbox.all();
    expect(n).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "SMTP refused ngozi@example.cm",
      nextAttemptAt: new Date(START.getTime() + MINUTE_MS),
    });
    // Not due yet: nothing is tried.
    w.clock.advance(30_000);
    expect(await w.run()).toMatchObject({ sent: 0, retrying: 0 });
    w.clock.advance(30_000);
    expect(await w.run()).toMatchObject({ retrying: 1 });
    [n] = w.outbox.all();
    expect(n.nextAttemptAt).toEqual(new Date(w.clock.now().getTime() + 2 * MINUTE_MS));
    mailer.failing.clear();
    w.clock.advance(2 * MINUTE_MS);
    expect(await w.run()).toMatchObject({ sent: 1 });
    expect(w.outbox.all()[0]).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("gives up after MAX_NOTICE_ATTEMPTS failed sends, and one failing notice never stops the others", async () => {
    const mailer = new FlakyMailer(new Set(["ngozi@example.cm"]));
    const w = world(mailer);
    await w.outbox.enqueue({ kind: "visit_accepted", bookingId: "b1", recipient: "student" }, START);
    await w.outbox.enqueue(
      { kind: "visit_rescheduled", bookingId: "b1", recipient: "agent", data: { fromDate: "2026-12-03", fromTime: "09:00 AM" } },
      START,
    );
    const first = await w.run();
    expect(first).toMatchObject({ sent: 1, retrying: 1 });
    expect(mailer.sent.map((m) => m.to)).toEqual(["agent@example.cm"]);
    for (let i = 1; i < MAX_NOTICE_ATTEMPTS; i++) {
      w.clock.advance(6 * 60 * MINUTE_MS);
      const r = await w.run();
      expect(r.gaveUp).toBe(i === MAX_NOTICE_ATTEMPTS - 1 ? 1 : 0);
    }
    expect(w.outbox.all()[0]).toMatchObject({ status: "failed", attempts: MAX_NOTICE_ATTEMPTS });
    w.clock.advance(24 * 60 * MINUTE_MS);
    expect(await w.run()).toMatchObject({ sent: 0, retrying: 0, gaveUp: 0 });
  });

  it("gives up at once on a notice whose booking is gone", async () => {
    const w = world();
    await w.outbox.enqueue({ kind: "visit_accepted", bookingId: "missing", recipient: "student" }, START);
    expect(await w.run()).toMatchObject({ gaveUp: 1, failures: [{ error: "booking missing not found" }] });
    expect(w.outbox.all()[0]).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("never sends a notice another run has taken (the lease), and takes it back when that run died", async () => {
    const mailer = new InMemoryMailer();
    const w = world(mailer);
    await w.outbox.enqueue({ kind: "visit_accepted", bookingId: "b1", recipient: "student" }, START);
    const [n] = w.outbox.all();
    // Another process claimed it and crashed before marking it.
    expect(await w.outbox.claim(n.id, START, new Date(START.getTime() + NOTICE_LEASE_MS))).toBe(true);
    expect(await w.outbox.claim(n.id, START, new Date(START.getTime() + NOTICE_LEASE_MS))).toBe(false);
    expect(await w.run()).toMatchObject({ sent: 0 });
    w.clock.advance(NOTICE_LEASE_MS);
    expect(await w.run()).toMatchObject({ sent: 1 });
    expect(mailer.sent).toHaveLength(1);
  });

  it("dedupes: a key used once is never written again", async () => {
    const w = world();
    expect(
      await w.outbox.enqueue(
        { kind: "booking_confirmed", bookingId: "b1", recipient: "student", dedupeKey: "confirmed:b1:student" },
        START,
      ),
    ).toBe(true);
    expect(
      await w.outbox.enqueue(
        { kind: "booking_confirmed", bookingId: "b1", recipient: "student", dedupeKey: "confirmed:b1:student" },
        START,
      ),
    ).toBe(false);
    await w.run();
    expect(
      await w.outbox.enqueue(
        { kind: "booking_confirmed", bookingId: "b1", recipient: "student", dedupeKey: "confirmed:b1:student" },
        START,
      ),
    ).toBe(false);
    expect(w.outbox.all()).toHaveLength(1);
  });

  it("skips a reminder whose visit was cancelled, moved or already happened, and sends a current one", async () => {
    const mailer = new InMemoryMailer();
    const w = world(mailer);
    w.reader.setContext(context("cancelled", { status: "cancelled" }));
    w.reader.setContext(context("moved", { visitDate: "2026-12-09" }));
    w.reader.setContext(context("done", { viewingOutcome: "confirmed" }));
    for (const id of ["cancelled", "moved", "done", "b1"]) {
      await w.outbox.enqueue({ kind: "visit_reminder", bookingId: id, recipient: "student", data: { visitDate: "2026-12-02" } }, START);
    }
    expect(await w.run()).toMatchObject({ sent: 1, skipped: 3 });
    expect(w.outbox.all().map((n) => n.status)).toEqual(["skipped", "skipped", "skipped", "sent"]);
    expect(mailer.sent[0].subject).toBe("Rappel : visite demain à 10:00, Studio in Molyko");
  });

  it("sends a receipt with the amount, method, provider reference and subscription end; gives up when the payment is unknown", async () => {
    const mailer = new InMemoryMailer();
    const w = world(mailer);
    w.reader.setReceipt("pay-1", {
      reference: "PAY-1",
      amount: 8000,
      method: "orange_money",
      providerReference: "FAP-777",
      status: "successful",
      paidAt: new Date("2026-12-01T08:15:00.000Z"),
      subscriptionEndsAt: new Date("2026-12-15T08:15:00.000Z"),
    });
    await w.outbox.enqueue({ kind: "payment_receipt", bookingId: "b1", recipient: "student", data: { paymentId: "pay-1" } }, START);
    await w.outbox.enqueue({ kind: "payment_receipt", bookingId: "b1", recipient: "student", data: { paymentId: "pay-unknown" } }, START);
    expect(await w.run()).toMatchObject({ sent: 1, gaveUp: 1 });
    const text = mailer.sent[0].text;
    expect(mailer.sent[0].subject).toBe("Reçu de paiement PAY-1");
    expect(text).toContain("Montant : 8 000 FCFA");
    expect(text).toContain("Moyen de paiement : Orange Money");
    expect(text).toContain("Référence de l'opérateur : FAP-777");
    // 08:15 UTC is 09:15 in Buea.
    expect(text).toContain("15 décembre 2026 à 09:15");
  });
});
