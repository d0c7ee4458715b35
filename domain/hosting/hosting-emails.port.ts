import type { Language } from "../accounts/account.entity";
import type { EmailText } from "../accounts/account-emails.port";

/** The e-mails telling a host the outcome of their verification, in their language. */
export interface HostingEmails {
  hostApproved(input: { name: string; language: Language; hostAreaUrl: string }): EmailText;
  hostRejected(input: { name: string; language: Language; reason: string; verificationUrl: string }): EmailText;
}
