import type { EmailText } from "../accounts/account-emails.port";
import type { Language } from "../accounts/account.entity";

/** The payer's e-mail once a refund reached their number, in their language. Amounts arrive formatted. */
export interface RefundEmails {
  refunded(input: {
    name: string;
    language: Language;
    amount: string;
    number: string;
    paymentReference: string;
    providerReference: string;
    /** What the payment bought was withdrawn (false: a duplicate that bought nothing, or access kept as goodwill). */
    withdrawn: boolean;
    profileUrl: string;
  }): EmailText;
}
