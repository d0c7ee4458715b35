// Every booking e-mail, in English and French, to each side it can go to: it names the property,
// the visit's day and time, the reference and the recipient's own page, and carries the notice's
// details (reason, old slot, proposed slot, who cancelled).
import { describe, expect, it } from "vitest";
import type { BookingNoticeKind, NoticeData, NoticeRecipient } from "#domain/notifications/booking-notice";
import type { BookingEmailInput } from "#domain/notifications/booking-emails.port";
import { defaultBookingEmails } from "#infrastructure/mail/default-booking-emails";

const cases: Array<[BookingNoticeKind, NoticeRecipient, NoticeData]> = [
  ["booking_confirmed", "student", {}],
  ["booking_confirmed", "agent", {}],
  ["payment_receipt", "student", { paymentId: "pay-1" }],
  ["visit_reminder", "student", { visitDate: "2026-12-02" }],
  ["visit_reminder", "agent", { visitDate: "2026-12-02" }],
  ["visit_accepted", "student", {}],
  ["visit_time_proposed", "student", { proposedDate: "2026-12-04", proposedTime: "02:00 PM" }],
  ["proposal_answered", "agent", { accepted: true }],
  ["proposal_answered", "agent", { accepted: false }],
  ["visit_rescheduled", "agent", { fromDate: "2026-12-03", fromTime: "09:00 AM" }],
  ["visit_declined", "student", { reason: "The room was let yesterday" }],
  ["booking_cancelled", "agent", { by: "student", reason: "Found a room" }],
  ["booking_cancelled", "student", { by: "agent", reason: "" }],
  ["booking_cancelled", "student", { by: "admin", reason: "Listing removed" }],
];

const input = (kind: BookingNoticeKind, recipient: NoticeRecipient, data: NoticeData, language: "en" | "fr"): BookingEmailInput => ({
  kind,
  recipient,
  data,
  language,
  visitStatus: "awaiting_agent",
  link: recipient === "agent" ? "https://kamernest.test/agents/bookings" : "https://kamernest.test/profile",
  receipt:
    kind === "payment_receipt"
      ? {
          reference: "PAY-1",
          amount: 8000,
          method: "mtn_momo",
          providerReference: "FAP-9",
          status: "successful",
          paidAt: new Date("2026-12-01T08:00:00Z"),
          subscriptionEndsAt: new Date("2026-12-15T08:00:00Z"),
        }
      : null,
  context: {
    booking: {
      id: "b1",
      reference: "KN-ABC123",
      status: "confirmed",
      visitDate: "2026-12-02",
      visitTime: "10:00 AM",
      viewingOutcome: null,
      paymentStatus: "confirmed",
      agentResponse: "awaiting",
      cancelledBy: null,
      visitorName: "Ngozi Ekane",
      visitorPhone: "677123456",
    },
    property: { title: "Studio in Molyko", address: "Mile 17 road", neighbourhood: "Molyko" },
    student: { name: "Ngozi", email: "ngozi@example.cm", language },
    agent: { name: "Buea Homes", email: "agent@example.cm", language },
  },
});

describe("the booking e-mails", () => {
  for (const [kind, recipient, data] of cases) {
    it(`${kind} to the ${recipient} ${JSON.stringify(data)}, in English and French`, () => {
      const en = defaultBookingEmails.render(input(kind, recipient, data, "en"));
      const fr = defaultBookingEmails.render(input(kind, recipient, data, "fr"));
      for (const [mail, hello, day] of [
        [en, recipient === "agent" ? "Hello Buea Homes," : "Hello Ngozi,", "Wednesday, 2 December 2026"],
        [fr, recipient === "agent" ? "Bonjour Buea Homes," : "Bonjour Ngozi,", "mercredi 2 décembre 2026"],
      ] as const) {
        expect(mail.subject.length).toBeGreaterThan(10);
        expect(mail.text.startsWith(hello)).toBe(true);
        expect(mail.text).toContain("Studio in Molyko");
        expect(mail.text).toContain("Mile 17 road, Molyko");
        expect(mail.text).toContain(`${day} `);
        expect(mail.text).toContain("KN-ABC123");
        expect(mail.text).toContain(recipient === "agent" ? "https://kamernest.test/agents/bookings" : "https://kamernest.test/profile");
        expect(mail.text).not.toMatch(/undefined|null|NaN|\[object/);
        // Numbers written one way (issue 32): +237 6XX XX XX XX, with no-break spaces.
        if (recipient === "agent") expect(mail.text).toContain("Ngozi Ekane, +237\u00a0677\u00a012\u00a034\u00a056");
      }
      expect(fr.subject).not.toBe(en.subject);
      if (typeof data.reason === "string" && data.reason) {
        expect(en.text).toContain(`Reason: ${data.reason}`);
        expect(fr.text).toContain(`Motif : ${data.reason}`);
      }
    });
  }

  it("carries the old and proposed slots and the reason as formatted dates", () => {
    expect(
      defaultBookingEmails.render(input("visit_rescheduled", "agent", { fromDate: "2026-12-03", fromTime: "09:00 AM" }, "en")).text,
    ).toContain("Ngozi moved the visit from Thursday, 3 December 2026 at 9:00\u00a0AM to Wednesday, 2 December 2026 at 10:00\u00a0AM.");
    expect(
      defaultBookingEmails.render(input("visit_time_proposed", "student", { proposedDate: "2026-12-04", proposedTime: "02:00 PM" }, "fr"))
        .text,
    ).toContain("propose le vendredi 4 décembre 2026 à 14:00");
    expect(defaultBookingEmails.render(input("visit_declined", "student", { reason: "Let" }, "fr")).text).toContain("Motif : Let");
    expect(defaultBookingEmails.render(input("booking_cancelled", "agent", { by: "student", reason: null }, "en")).text).toContain(
      "cancelled by Ngozi.",
    );
    expect(defaultBookingEmails.render(input("booking_cancelled", "student", { by: "admin", reason: null }, "fr")).text).toContain(
      "annulée par KamerNest.",
    );
    expect(defaultBookingEmails.render(input("booking_cancelled", "student", { by: "student", reason: null }, "en")).text).toContain(
      "cancelled by you.",
    );
    expect(defaultBookingEmails.render(input("booking_cancelled", "student", { by: "agent", reason: null }, "fr")).text).toContain(
      "annulée par Buea Homes.",
    );
  });

  it("says a paid visit is booked and waiting for the agent, and confirmed only once the agent accepted it", () => {
    const booked = defaultBookingEmails.render(input("booking_confirmed", "student", {}, "en"));
    expect(booked.subject).toBe("Visit booked: Studio in Molyko");
    expect(booked.text).not.toMatch(/confirmed\./);
    expect(booked.text).toContain("Status: booked, waiting for the agent to confirm the time");
    const fr = defaultBookingEmails.render(input("booking_confirmed", "student", {}, "fr"));
    expect(fr.subject).toBe("Visite réservée : Studio in Molyko");
    expect(fr.text).toContain("Statut : réservée, en attente de la confirmation de l'horaire par l'agent");
    const accepted = defaultBookingEmails.render({ ...input("visit_accepted", "student", {}, "en"), visitStatus: "confirmed" });
    expect(accepted.subject).toBe("Your visit to Studio in Molyko is confirmed");
    expect(accepted.text).toContain("Status: confirmed by the agent");
    expect(booked.text).toContain("Booking reference: KN-ABC123 (the number of this visit");
  });

  it("writes the receipt's amount as 8 000 FCFA with the method, both references and the subscription end in Buea time", () => {
    const en = defaultBookingEmails.render(input("payment_receipt", "student", { paymentId: "pay-1" }, "en")).text;
    expect(en).toContain("Amount: 8 000 FCFA");
    expect(en).toContain("Method: MTN Mobile Money");
    expect(en).toContain("Payment reference: PAY-1");
    expect(en).toContain("Provider reference: FAP-9");
    expect(en).toContain("until 15 December 2026 at 09:00 (Buea time)");
  });
});
