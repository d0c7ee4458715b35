import { formatFcfa } from "#domain/alerts/alert-digest";
import type { NoticeData } from "#domain/notifications/booking-notice";
import type { BookingEmailInput, BookingEmails, BookingEmailText } from "#domain/notifications/booking-emails.port";
import type { EmailLanguage } from "#domain/notifications/booking-notice-reader.port";
import type { PaymentMethod } from "#domain/payment/payment.entity";
import type { VisitStatus } from "#domain/booking/visit-status";
import { formatVisitTime } from "#domain/booking/visit-time";
import { formatPhone } from "#domain/shared/phone-display";

// Plain-text booking e-mails (issue 9) in English and French, like the account and message e-mails.
// Each states the booking as it is when sent: the property, its address, the visit's day (a Buea
// calendar date) and time, the reference, and the page where the recipient follows it. Amounts are
// written "8 000 FCFA"; instants (payment, subscription end) in Buea time.

const localeTag: Record<EmailLanguage, string> = { en: "en-GB", fr: "fr-CM" };

/** "2026-12-02" → "Wednesday, 2 December 2026" / "mercredi 2 décembre 2026" (a calendar date: no zone shift). */
function visitDay(date: string, language: EmailLanguage): string {
  return new Intl.DateTimeFormat(localeTag[language], {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
}

/** An instant in Buea time: "2 December 2026 at 10:15" / "2 décembre 2026 à 10:15". */
function bueaTime(at: Date, language: EmailLanguage): string {
  return new Intl.DateTimeFormat(localeTag[language], {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Africa/Douala",
  }).format(at);
}

const METHOD_NAMES: Record<PaymentMethod, string> = { mtn_momo: "MTN Mobile Money", orange_money: "Orange Money" };
const text = (data: NoticeData, key: string): string | null => {
  const v = data[key];
  return typeof v === "string" && v.trim() !== "" ? v.trim() : null;
};

/** What a template sees: the input, plus the pieces every template uses, already formatted. */
interface View {
  input: BookingEmailInput;
  name: string; // the recipient's
  other: string; // the other side's name
  title: string;
  place: string;
  day: string;
  time: string;
  ref: string;
}

/** Who cancelled, as the recipient reads it: KamerNest (an admin), themselves, or the other side by name. */
function canceller(by: string | null, v: View, you: string): string {
  if (by === "admin") return "KamerNest";
  return by === v.input.recipient ? you : v.other;
}

type Template = (v: View) => { subject: string; body: string[] };

interface Language {
  hello: (name: string) => string;
  details: (v: View) => string[];
  visitor: (v: View) => string;
  follow: (v: View) => string;
  /** The recipient, when they cancelled themselves. */
  you: string;
  reason: (reason: string) => string;
  method: (m: PaymentMethod | null) => string;
  /** The visit's status line, the same status /profile and the payment page show (decision 0200). */
  status: Record<VisitStatus, string>;
  templates: Record<BookingEmailInput["kind"], Template>;
}

const en: Language = {
  hello: (name) => `Hello ${name},`,
  details: (v) => [
    `Property: ${v.title}`,
    `Address: ${v.place}`,
    `Visit: ${v.day} at ${v.time}`,
    ...(v.input.recipient === "student" ? [`Status: ${en.status[v.input.visitStatus]}`] : []),
    `Booking reference: ${v.ref} (the number of this visit: quote it to the agent or to us)`,
  ],
  visitor: (v) => `Visitor: ${v.input.context.booking.visitorName}, ${formatPhone(v.input.context.booking.visitorPhone)}`,
  follow: (v) =>
    v.input.recipient === "agent" ? `See and answer your bookings here:\n\n${v.input.link}` : `See your bookings here:\n\n${v.input.link}`,
  you: "you",
  reason: (reason) => `Reason: ${reason}`,
  method: (m) => (m ? METHOD_NAMES[m] : "mobile money"),
  status: {
    awaiting_payment: "waiting for your payment",
    payment_expired: "not paid in time",
    rebook_required: "paid: please book another time",
    awaiting_agent: "booked, waiting for the agent to confirm the time",
    time_proposed: "the agent proposes another time",
    confirmed: "confirmed by the agent",
    outcome_due: "visit day passed: tell us whether the visit took place",
    visited: "visit done",
    not_visited: "the visit did not take place",
    declined: "declined by the agent",
    cancelled: "cancelled",
  },
  templates: {
    booking_confirmed: (v) =>
      v.input.recipient === "student"
        ? {
            subject: `Visit booked: ${v.title}`,
            body: [`Your visit is booked. ${v.other} will confirm the time or propose another one, and we will e-mail you their answer.`],
          }
        : {
            subject: `New visit booked: ${v.title} on ${v.day}`,
            body: [`${v.other} booked a visit to your property. Please accept the time or propose another one.`],
          },
    payment_receipt: (v) => {
      const r = v.input.receipt!;
      return {
        subject: `Payment receipt ${r.reference}`,
        body: [
          `Thank you: we received your payment.`,
          "",
          `Amount: ${formatFcfa(r.amount)}`,
          `Method: ${en.method(r.method)}`,
          `Payment reference: ${r.reference}`,
          `Provider reference: ${r.providerReference ?? "not given"}`,
          ...(r.paidAt ? [`Paid on: ${bueaTime(r.paidAt, "en")} (Buea time)`] : []),
          ...(r.subscriptionEndsAt
            ? [`Your subscription lets you book visits until ${bueaTime(r.subscriptionEndsAt, "en")} (Buea time).`]
            : []),
          "",
          `This payment was for the visit below. Payments are not refunded.`,
        ],
      };
    },
    visit_reminder: (v) => ({
      subject: `Reminder: visit tomorrow at ${v.time}, ${v.title}`,
      body: [
        v.input.recipient === "student"
          ? `This is a reminder of your visit tomorrow with ${v.other}.`
          : `This is a reminder of tomorrow's visit by ${v.other}.`,
      ],
    }),
    visit_accepted: (v) => ({
      subject: `Your visit to ${v.title} is confirmed`,
      body: [`${v.other} accepted the time of your visit: it is confirmed. See you there.`],
    }),
    visit_time_proposed: (v) => {
      const date = text(v.input.data, "proposedDate");
      const proposed = text(v.input.data, "proposedTime");
      const time = proposed && formatVisitTime(proposed, v.input.language);
      return {
        subject: `${v.other} proposed another time for your visit`,
        body: [
          date && time
            ? `${v.other} cannot make the time you chose and proposes ${visitDay(date, "en")} at ${time} instead.`
            : `${v.other} cannot make the time you chose and proposes another one.`,
          `Accept or decline it from your bookings. Until you answer, your visit stays as below.`,
        ],
      };
    },
    proposal_answered: (v) =>
      v.input.data.accepted === true
        ? { subject: `${v.other} accepted the time you proposed`, body: [`${v.other} accepted the time you proposed. The visit is now:`] }
        : {
            subject: `${v.other} declined the time you proposed`,
            body: [`${v.other} declined the time you proposed. The booking stands as below.`],
          },
    visit_rescheduled: (v) => {
      const fromDate = text(v.input.data, "fromDate");
      const from0 = text(v.input.data, "fromTime");
      const fromTime = from0 && formatVisitTime(from0, v.input.language);
      const from = fromDate && fromTime ? ` from ${visitDay(fromDate, "en")} at ${fromTime}` : "";
      return { subject: `Visit moved to ${v.day}: ${v.title}`, body: [`${v.other} moved the visit${from} to ${v.day} at ${v.time}.`] };
    },
    visit_declined: (v) => {
      const reason = text(v.input.data, "reason");
      return {
        subject: `${v.other} declined your visit to ${v.title}`,
        body: [
          `${v.other} declined your visit, which is now cancelled.`,
          ...(reason ? [en.reason(reason)] : []),
          `Any subscription your payment bought stays active: you can book a visit to another property.`,
        ],
      };
    },
    booking_cancelled: (v) => {
      const reason = text(v.input.data, "reason");
      const by = canceller(text(v.input.data, "by"), v, en.you);
      return {
        subject: `Visit cancelled: ${v.title} on ${v.day}`,
        body: [
          `The visit below was cancelled by ${by}.`,
          ...(reason ? [en.reason(reason)] : []),
          ...(v.input.recipient === "student" ? [`Any subscription you bought stays active; payments are not refunded.`] : []),
        ],
      };
    },
  },
};

const fr: Language = {
  hello: (name) => `Bonjour ${name},`,
  details: (v) => [
    `Bien : ${v.title}`,
    `Adresse : ${v.place}`,
    `Visite : ${v.day} à ${v.time}`,
    ...(v.input.recipient === "student" ? [`Statut : ${fr.status[v.input.visitStatus]}`] : []),
    `Référence de la réservation : ${v.ref} (le numéro de cette visite : donnez-le à l'agent ou à nous)`,
  ],
  visitor: (v) => `Visiteur : ${v.input.context.booking.visitorName}, ${formatPhone(v.input.context.booking.visitorPhone)}`,
  follow: (v) =>
    v.input.recipient === "agent"
      ? `Consultez vos réservations et répondez ici :\n\n${v.input.link}`
      : `Consultez vos réservations ici :\n\n${v.input.link}`,
  you: "vous",
  reason: (reason) => `Motif : ${reason}`,
  method: (m) => (m ? METHOD_NAMES[m] : "mobile money"),
  status: {
    awaiting_payment: "en attente de votre paiement",
    payment_expired: "non payée à temps",
    rebook_required: "payée : réservez un autre horaire",
    awaiting_agent: "réservée, en attente de la confirmation de l'horaire par l'agent",
    time_proposed: "l'agent propose un autre horaire",
    confirmed: "confirmée par l'agent",
    outcome_due: "jour de visite passé : dites-nous si la visite a eu lieu",
    visited: "visite effectuée",
    not_visited: "la visite n'a pas eu lieu",
    declined: "refusée par l'agent",
    cancelled: "annulée",
  },
  templates: {
    booking_confirmed: (v) =>
      v.input.recipient === "student"
        ? {
            subject: `Visite réservée : ${v.title}`,
            body: [
              `Votre visite est réservée. ${v.other} va confirmer l'horaire ou en proposer un autre, et nous vous enverrons sa réponse par e-mail.`,
            ],
          }
        : {
            subject: `Nouvelle visite réservée : ${v.title} le ${v.day}`,
            body: [`${v.other} a réservé une visite de votre bien. Merci d'accepter l'horaire ou d'en proposer un autre.`],
          },
    payment_receipt: (v) => {
      const r = v.input.receipt!;
      return {
        subject: `Reçu de paiement ${r.reference}`,
        body: [
          `Merci : nous avons bien reçu votre paiement.`,
          "",
          `Montant : ${formatFcfa(r.amount)}`,
          `Moyen de paiement : ${fr.method(r.method)}`,
          `Référence du paiement : ${r.reference}`,
          `Référence de l'opérateur : ${r.providerReference ?? "non communiquée"}`,
          ...(r.paidAt ? [`Payé le : ${bueaTime(r.paidAt, "fr")} (heure de Buea)`] : []),
          ...(r.subscriptionEndsAt
            ? [`Votre abonnement vous permet de réserver des visites jusqu'au ${bueaTime(r.subscriptionEndsAt, "fr")} (heure de Buea).`]
            : []),
          "",
          `Ce paiement concerne la visite ci-dessous. Les paiements ne sont pas remboursés.`,
        ],
      };
    },
    visit_reminder: (v) => ({
      subject: `Rappel : visite demain à ${v.time}, ${v.title}`,
      body: [
        v.input.recipient === "student"
          ? `Petit rappel de votre visite de demain avec ${v.other}.`
          : `Petit rappel de la visite de demain par ${v.other}.`,
      ],
    }),
    visit_accepted: (v) => ({
      subject: `Votre visite de ${v.title} est confirmée`,
      body: [`${v.other} a accepté l'horaire de votre visite : elle est confirmée. À bientôt.`],
    }),
    visit_time_proposed: (v) => {
      const date = text(v.input.data, "proposedDate");
      const proposed = text(v.input.data, "proposedTime");
      const time = proposed && formatVisitTime(proposed, v.input.language);
      return {
        subject: `${v.other} propose un autre horaire pour votre visite`,
        body: [
          date && time
            ? `${v.other} n'est pas disponible à l'horaire choisi et propose le ${visitDay(date, "fr")} à ${time}.`
            : `${v.other} n'est pas disponible à l'horaire choisi et en propose un autre.`,
          `Acceptez-le ou refusez-le depuis vos réservations. En attendant votre réponse, votre visite reste telle qu'indiquée ci-dessous.`,
        ],
      };
    },
    proposal_answered: (v) =>
      v.input.data.accepted === true
        ? {
            subject: `${v.other} a accepté l'horaire proposé`,
            body: [`${v.other} a accepté l'horaire que vous avez proposé. La visite est désormais :`],
          }
        : {
            subject: `${v.other} a refusé l'horaire proposé`,
            body: [`${v.other} a refusé l'horaire que vous avez proposé. La réservation reste telle qu'indiquée ci-dessous.`],
          },
    visit_rescheduled: (v) => {
      const fromDate = text(v.input.data, "fromDate");
      const from0 = text(v.input.data, "fromTime");
      const fromTime = from0 && formatVisitTime(from0, v.input.language);
      const from = fromDate && fromTime ? ` du ${visitDay(fromDate, "fr")} à ${fromTime}` : "";
      return {
        subject: `Visite déplacée au ${v.day} : ${v.title}`,
        body: [`${v.other} a déplacé la visite${from} au ${v.day} à ${v.time}.`],
      };
    },
    visit_declined: (v) => {
      const reason = text(v.input.data, "reason");
      return {
        subject: `${v.other} a refusé votre visite de ${v.title}`,
        body: [
          `${v.other} a refusé votre visite, qui est donc annulée.`,
          ...(reason ? [fr.reason(reason)] : []),
          `L'abonnement acheté par votre paiement reste actif : vous pouvez réserver la visite d'un autre bien.`,
        ],
      };
    },
    booking_cancelled: (v) => {
      const reason = text(v.input.data, "reason");
      const by = canceller(text(v.input.data, "by"), v, fr.you);
      return {
        subject: `Visite annulée : ${v.title} le ${v.day}`,
        body: [
          `La visite ci-dessous a été annulée par ${by}.`,
          ...(reason ? [fr.reason(reason)] : []),
          ...(v.input.recipient === "student" ? [`Votre abonnement reste actif ; les paiements ne sont pas remboursés.`] : []),
        ],
      };
    },
  },
};

const languages: Record<EmailLanguage, Language> = { en, fr };

function render(input: BookingEmailInput): BookingEmailText {
  const l = languages[input.language] ?? en;
  const { context } = input;
  const [me, them] = input.recipient === "agent" ? [context.agent, context.student] : [context.student, context.agent];
  const place = [context.property.address, context.property.neighbourhood].filter((p) => p.trim() !== "").join(", ");
  const v: View = {
    input,
    name: me.name,
    other: them.name,
    title: context.property.title,
    place,
    day: visitDay(context.booking.visitDate, input.language),
    time: formatVisitTime(context.booking.visitTime, input.language),
    ref: context.booking.reference,
  };
  const { subject, body } = l.templates[input.kind](v);
  const details = [...l.details(v), ...(input.recipient === "agent" ? [l.visitor(v)] : [])];
  return { subject, text: [l.hello(v.name), "", ...body, "", ...details, "", l.follow(v), "", "KamerNest", ""].join("\n") };
}

export const defaultBookingEmails: BookingEmails = { render };
