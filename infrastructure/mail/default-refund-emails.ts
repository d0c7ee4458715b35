import type { Language } from "#domain/accounts/account.entity";
import type { RefundEmails } from "#domain/payment/refund-emails.port";

// The payer's refund e-mail (issue 34, decision 0219) in English and French, plain text.
const pick = <T>(language: Language, texts: Record<Language, T>): T => texts[language] ?? texts.en;

export const defaultRefundEmails: RefundEmails = {
  refunded: ({ name, language, amount, number, paymentReference, providerReference, withdrawn, profileUrl }) =>
    pick(language, {
      en: {
        subject: `KamerNest refunded you ${amount}`,
        text: [
          `Hello ${name},`,
          `We refunded your payment ${paymentReference} in full: ${amount} were sent to ${number}. The provider's reference is ${providerReference}.`,
          withdrawn
            ? "What this payment bought has ended: its subscription days, its guest-house access, or the visit it paid for."
            : "Nothing you hold changes.",
          `Your profile shows where you stand:\n\n${profileUrl}`,
          "KamerNest",
        ].join("\n\n"),
      },
      fr: {
        subject: `KamerNest vous a remboursé ${amount}`,
        text: [
          `Bonjour ${name},`,
          `Nous avons remboursé votre paiement ${paymentReference} en entier : ${amount} ont été envoyés au ${number}. La référence de l'opérateur est ${providerReference}.`,
          withdrawn
            ? "Ce que ce paiement avait acheté a pris fin : ses jours d'abonnement, son accès aux maisons d'hôtes ou la visite qu'il payait."
            : "Rien de ce dont vous disposez ne change.",
          `Votre profil indique où vous en êtes :\n\n${profileUrl}`,
          "KamerNest",
        ].join("\n\n"),
      },
    }),
};
