import type { EmailText } from "../accounts/account-emails.port";
import type { Language } from "../accounts/account.entity";

/** The agent's payout e-mails, in their language. Amounts arrive formatted (8 000 FCFA). */
export interface PayoutEmails {
  /** To the account's address whenever the payout number changes: who did not do it can act. */
  numberChanged(input: { name: string; language: Language; number: string; network: string; earningsUrl: string }): EmailText;
  paid(input: { name: string; language: Language; amount: string; number: string; reference: string; earningsUrl: string }): EmailText;
  failed(input: { name: string; language: Language; amount: string; number: string; reason: string; earningsUrl: string }): EmailText;
}
