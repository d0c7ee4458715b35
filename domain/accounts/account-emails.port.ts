import type { Language } from "./account.entity";

export interface EmailText {
  subject: string;
  text: string;
}

/** Builds the account e-mails in the user's language; the app may supply its own translations. */
export interface AccountEmails {
  confirmation(input: { name: string; link: string; language: Language }): EmailText;
  passwordReset(input: { name: string; link: string; language: Language }): EmailText;
  /** To the owner of a confirmed address when someone signs up with it again: nothing was changed. */
  signUpAttempt(input: { name: string; loginUrl: string; resetUrl: string; language: Language }): EmailText;
  /** A reset asked for an address without an account (so the answer and its timing match a real one). */
  resetWithoutAccount(input: { signUpUrl: string; language: Language }): EmailText;
  agentApproved(input: { name: string; language: Language; portalUrl: string }): EmailText;
  agentRejected(input: { name: string; language: Language; reason: string; verificationUrl: string }): EmailText;
}
