import type { Language } from "#domain/accounts/account.entity";
import type { PayoutEmails } from "#domain/payout/payout-emails.port";

// The agent's payout e-mails (issue 34) in English and French, plain text.
const NETWORK: Record<Language, Record<string, string>> = {
  en: { mtn_momo: "MTN Mobile Money", orange_money: "Orange Money" },
  fr: { mtn_momo: "MTN Mobile Money", orange_money: "Orange Money" },
};
const pick = <T>(language: Language, texts: Record<Language, T>): T => texts[language] ?? texts.en;

export const defaultPayoutEmails: PayoutEmails = {
  numberChanged: ({ name, language, number, network, earningsUrl }) => {
    const net = pick(language, NETWORK)[network] ?? network;
    return pick(language, {
      en: {
        subject: "Your KamerNest payout number was changed",
        text: `Hello ${name},\n\nThe mobile-money number your KamerNest commissions are paid to is now ${number} (${net}).\n\nYou can see it on your earnings page:\n\n${earningsUrl}\n\nIf you did not make this change, change your password and write to us at once: your next payout will go to this number.\n\nKamerNest`,
      },
      fr: {
        subject: "Votre numéro de versement KamerNest a été modifié",
        text: `Bonjour ${name},\n\nLe numéro mobile money sur lequel vos commissions KamerNest sont versées est désormais le ${number} (${net}).\n\nVous pouvez le voir sur votre page de gains :\n\n${earningsUrl}\n\nSi vous n'êtes pas à l'origine de ce changement, changez votre mot de passe et écrivez-nous immédiatement : votre prochain versement ira sur ce numéro.\n\nKamerNest`,
      },
    });
  },
  paid: ({ name, language, amount, number, reference, earningsUrl }) =>
    pick(language, {
      en: {
        subject: `KamerNest paid you ${amount}`,
        text: `Hello ${name},\n\nYour commissions of ${amount} were sent to ${number}. The provider's reference is ${reference}.\n\nDetails on your earnings page:\n\n${earningsUrl}\n\nKamerNest`,
      },
      fr: {
        subject: `KamerNest vous a versé ${amount}`,
        text: `Bonjour ${name},\n\nVos commissions de ${amount} ont été envoyées au ${number}. La référence de l'opérateur est ${reference}.\n\nLe détail est sur votre page de gains :\n\n${earningsUrl}\n\nKamerNest`,
      },
    }),
  failed: ({ name, language, amount, number, reason, earningsUrl }) =>
    pick(language, {
      en: {
        subject: "Your KamerNest payout did not go through",
        text: `Hello ${name},\n\nWe could not send your commissions of ${amount} to ${number}.\n\nReason given by the provider: ${reason}\n\nThe commissions are pending again and will be in the next payout. Please check your payout number on your earnings page:\n\n${earningsUrl}\n\nKamerNest`,
      },
      fr: {
        subject: "Votre versement KamerNest n'a pas abouti",
        text: `Bonjour ${name},\n\nNous n'avons pas pu envoyer vos commissions de ${amount} au ${number}.\n\nMotif donné par l'opérateur : ${reason}\n\nLes commissions sont de nouveau en attente et feront partie du prochain versement. Vérifiez votre numéro de versement sur votre page de gains :\n\n${earningsUrl}\n\nKamerNest`,
      },
    }),
};
