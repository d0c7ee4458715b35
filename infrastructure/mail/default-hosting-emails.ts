import type { Language } from "#domain/accounts/account.entity";
import type { EmailText } from "#domain/accounts/account-emails.port";
import type { HostingEmails } from "#domain/hosting/hosting-emails.port";

// Plain-text e-mails telling a host the outcome of their verification, in English and French.
type Texts = {
  hostApproved: (name: string, hostAreaUrl: string) => EmailText;
  hostRejected: (name: string, reason: string, verificationUrl: string) => EmailText;
};

const texts: Record<Language, Texts> = {
  en: {
    hostApproved: (name, hostAreaUrl) => ({
      subject: "You are a verified KamerNest host",
      text: `Hello ${name},\n\nGood news: your host verification has been approved. Your guest houses are now shown to guests with the "Verified host" badge. Manage them in your host area:\n\n${hostAreaUrl}\n\nKamerNest`,
    }),
    hostRejected: (name, reason, verificationUrl) => ({
      subject: "Your KamerNest host verification was not approved",
      text: `Hello ${name},\n\nWe could not approve your host verification, so your guest houses stay hidden from guests for now.\n\nReason: ${reason}\n\nYou can send new documents here:\n\n${verificationUrl}\n\nKamerNest`,
    }),
  },
  fr: {
    hostApproved: (name, hostAreaUrl) => ({
      subject: "Vous êtes un hôte vérifié KamerNest",
      text: `Bonjour ${name},\n\nBonne nouvelle : votre vérification d'hôte a été approuvée. Vos maisons d'hôtes sont désormais visibles avec le badge « Hôte vérifié ». Gérez-les dans votre espace hôte :\n\n${hostAreaUrl}\n\nKamerNest`,
    }),
    hostRejected: (name, reason, verificationUrl) => ({
      subject: "Votre vérification d'hôte KamerNest n'a pas été approuvée",
      text: `Bonjour ${name},\n\nNous n'avons pas pu approuver votre vérification d'hôte ; vos maisons d'hôtes restent donc masquées pour le moment.\n\nMotif : ${reason}\n\nVous pouvez envoyer de nouveaux documents ici :\n\n${verificationUrl}\n\nKamerNest`,
    }),
  },
};
const pick = (language: Language) => texts[language] ?? texts.en;

export const defaultHostingEmails: HostingEmails = {
  hostApproved: ({ name, language, hostAreaUrl }) => pick(language).hostApproved(name, hostAreaUrl),
  hostRejected: ({ name, language, reason, verificationUrl }) => pick(language).hostRejected(name, reason, verificationUrl),
};
