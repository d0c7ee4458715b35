import type { AgentResponse, BookingPaymentStatus, CancelledBy } from "../booking/booking.entity";
import type { PaymentMethod } from "../payment/payment.entity";

export type EmailLanguage = "en" | "fr";

/** Someone a booking e-mail is written to or about: the account's own address and language. */
export interface NoticePerson {
  name: string;
  email: string;
  language: EmailLanguage;
}

/** What every booking e-mail needs, read when it is sent (so it tells the booking as it is then). */
export interface BookingNoticeContext {
  booking: {
    id: string;
    reference: string;
    status: string;
    visitDate: string; // YYYY-MM-DD, Buea
    visitTime: string; // '10:00 AM'
    viewingOutcome: string | null;
    /** With status and viewingOutcome, what visitStatus reads (docs/decisions/0200). */
    paymentStatus: BookingPaymentStatus;
    agentResponse: AgentResponse;
    cancelledBy: CancelledBy | null;
    /** Who the student said would visit (the booking form), for the agent's e-mails. */
    visitorName: string;
    visitorPhone: string;
  };
  property: { title: string; address: string; neighbourhood: string };
  student: NoticePerson;
  /** The agent of the booked property (named by business when they have one). */
  agent: NoticePerson;
}

/** The payment a receipt reports, and the subscription it bought. */
export interface PaymentReceipt {
  reference: string;
  amount: number;
  method: PaymentMethod | null;
  /** The provider's transaction id (Fapshi's transId), or null when it never sent one. */
  providerReference: string | null;
  status: string;
  paidAt: Date | null;
  /** When the subscription this payment bought ends, or null when it bought none. */
  subscriptionEndsAt: Date | null;
}

/** Reads what a booking e-mail says. */
export interface BookingNoticeReader {
  findContext(bookingId: string): Promise<BookingNoticeContext | null>;
  findReceipt(paymentId: string): Promise<PaymentReceipt | null>;
}
