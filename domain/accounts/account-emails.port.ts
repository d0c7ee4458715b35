import type { Language } from "./account.entity";

export interface EmailText {
  subject: string;
  text: string;
}

/** Builds the account e-mails in the user's language; the app may supply its own translations. */
export interface AccountEmails {
  confirmation(input: { name: string; link: string; language: Language }): EmailText;
  passwordReset(input: { name: string; link: string; language: Language }): EmailText;
  agentApproved(input: { name: string; language: Language; portalUrl: string }): EmailText;
  agentRejected(input: { name: string; language: Language; reason: string; verificationUrl: string }): EmailText;
}
