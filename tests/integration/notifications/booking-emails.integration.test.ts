// Booking e-mails end to end on SQLite and PostgreSQL: a booking paid through Fapshi (the webhook
// delivered five times at once) writes its notices in the payment's transaction; the job then
// writes the day-before reminders and sends everything as outbox_emails rows, each in its
// recipient's language. A mailer that fails leaves the notices pending for the next run.
import { afterEach, beforeEach, expect, it } from "vitest";
import { startPayment } from "#domain/payment/start-payment.use-case";
import { handleWebhook } from "#domain/payment/handle-webhook.use-case";
import { MINUTE_MS } from "#domain/shared/clock";
import { createNoticesModule } from "~/wiring/notices.server";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";
import { moneyHarness, type MoneyHarness } from "../payments/money-harness";

const config = { appUrl: "https://kamernest.test", mail: { from: "KamerNest <no-reply@kamernest.test>" }, demoMode: false };

describeEachDatabase(allDatabaseKinds())("booking e-mails on %s", (kind) => {
  let h: MoneyHarness;
  beforeEach(async () => {
    h = await moneyHarness(kind);
    await h.db.db.updateTable("profiles").set({ language: "fr", full_name: "Ngozi Ekane" }).where("id", "=", "student-1").execute();
  });
  afterEach(() => h.destroy());

  async function payBooking() {
    const booking = await h.book();
    const started = await startPayment(h.payments, {
      user: { id: "student-1", email: "student-1@example.cm", fullName: "Ngozi Ekane" },
      purchase: { kind: "booking", booking: booking.reference },
      method: "mtn_momo",
      phone: "+237 677 12 34 56",
    });
    if (!started.ok) throw new Error(started.error.code);
    const payment = (await h.store.repos.payments.findByReference(started.value.reference))!;
    h.fake.setStatus(payment.providerTxId!, "SUCCESSFUL");
    await Promise.all([1, 2, 3, 4, 5].map(() => handleWebhook(h.payments, { transId: payment.providerTxId! })));
    return { booking, payment };
  }

  const outbox = async () =>
    (await h.db.db.selectFrom("outbox_emails").select(["to_address", "subject", "text_body"]).execute()).sort((a, b) =>
      a.subject < b.subject ? -1 : 1,
    );

  it("confirmation, receipt and reminder reach the outbox once, in each recipient's language", async () => {
    const { booking, payment } = await payBooking();
    const notices = await h.db.db
      .selectFrom("booking_notices")
      .select(["kind", "recipient", "status"])
      .orderBy("kind")
      .orderBy("recipient")
      .execute();
    expect(notices).toEqual([
      { kind: "booking_confirmed", recipient: "agent", status: "pending" },
      { kind: "booking_confirmed", recipient: "student", status: "pending" },
      { kind: "payment_receipt", recipient: "student", status: "pending" },
    ]);
    expect(await outbox()).toEqual([]); // nothing was sent by the request itself

    const job = createNoticesModule(config, h.db, { clock: h.clock });
    // The visit is tomorrow (Buea): the run also writes and sends both reminders.
    expect(await job.runOnce()).toMatchObject({ remindersWritten: 2, sent: 5, retrying: 0, gaveUp: 0 });
    expect(await job.runOnce()).toMatchObject({ remindersWritten: 0, sent: 0 });

    const mails = await outbox();
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      ["agent-1@example.cm", "New visit booked: Studio in Molyko on Wednesday, 2 December 2026"],
      ["student-1@example.cm", "Rappel : visite demain à 10:00, Studio in Molyko"],
      ["agent-1@example.cm", "Reminder: visit tomorrow at 10:00\u00a0AM, Studio in Molyko"],
      ["student-1@example.cm", `Reçu de paiement ${payment.reference}`],
      ["student-1@example.cm", "Visite réservée : Studio in Molyko"],
    ]);
    const receipt = mails.find((m) => m.subject.startsWith("Reçu"))!.text_body;
    expect(receipt).toContain("Montant : 8 000 FCFA");
    expect(receipt).toContain("Moyen de paiement : MTN Mobile Money");
    expect(receipt).toContain(`Référence de l'opérateur : ${payment.providerTxId}`);
    expect(receipt).toContain("jusqu'au 15 décembre 2026 à 09:00 (heure de Buea)");
    expect(receipt).toContain(booking.reference);
    expect(receipt).toContain("https://kamernest.test/profile");
    const statuses = await h.db.db.selectFrom("booking_notices").select("status").execute();
    expect(statuses.every((s) => s.status === "sent")).toBe(true);
  });

  it("keeps the notices pending when the mailer fails, and sends them on a later run", async () => {
    await payBooking();
    const failing = createNoticesModule(config, h.db, {
      clock: h.clock,
      mailer: { send: async () => Promise.reject(new Error("SMTP down")) },
    });
    expect(await failing.runOnce()).toMatchObject({ sent: 0, retrying: 5 });
    expect(await outbox()).toEqual([]);
    const rows = await h.db.db.selectFrom("booking_notices").select(["status", "attempts", "last_error"]).execute();
    expect(rows.map((r) => [r.status, Number(r.attempts), r.last_error])).toEqual(Array(5).fill(["pending", 1, "SMTP down"]));

    const job = createNoticesModule(config, h.db, { clock: h.clock });
    expect(await job.runOnce()).toMatchObject({ sent: 0 }); // not due for another minute
    h.clock.advance(MINUTE_MS);
    expect(await job.runOnce()).toMatchObject({ sent: 5 });
    expect(await outbox()).toHaveLength(5);
  });
});
