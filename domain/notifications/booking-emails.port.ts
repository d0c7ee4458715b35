import type { VisitStatus } from "../booking/visit-status";
import type { BookingNoticeKind, NoticeData, NoticeRecipient } from "./booking-notice";
import type { BookingNoticeContext, EmailLanguage, PaymentReceipt } from "./booking-notice-reader.port";

export interface BookingEmailText {
  subject: string;
  text: string;
}

export interface BookingEmailInput {
  kind: BookingNoticeKind;
  language: EmailLanguage;
  recipient: NoticeRecipient;
  context: BookingNoticeContext;
  /** Where the visit stands when the e-mail is sent, the same status the student's pages show. */
  visitStatus: VisitStatus;
  /** The notice's own details (a reason, the old slot, who cancelled, ...). */
  data: NoticeData;
  /** For payment_receipt only. */
  receipt: PaymentReceipt | null;
  /** Where the recipient follows the booking: /profile (student) or /agents/bookings (agent), absolute. */
  link: string;
}

/** Writes a booking e-mail in the recipient's language. */
export interface BookingEmails {
  render(input: BookingEmailInput): BookingEmailText;
}
