import type { AccountEmails, EmailText } from "#domain/accounts/account-emails.port";
import type { Language } from "#domain/accounts/account.entity";

// Plain-text account e-mails in English and French. The app may pass its own AccountEmails built
// from its translation files instead; these keep the mail readable without one.
type Texts = {
  confirmation: (name: string, link: string) => EmailText;
  passwordReset: (name: string, link: string) => EmailText;
  signUpAttempt: (name: string, loginUrl: string, resetUrl: string) => EmailText;
  resetWithoutAccount: (signUpUrl: string) => EmailText;
  agentApproved: (name: string, portalUrl: string) => EmailText;
  agentRejected: (name: string, reason: string, verificationUrl: string) => EmailText;
};

const en: Texts = {
  confirmation: (name, link) => ({
    subject: "Confirm your KamerNest email",
    text: `Hello ${name},\n\nWelcome to KamerNest. Please confirm your email address by opening this link:\n\n${link}\n\nThe link expires in 24 hours. If you did not create an account, you can ignore this email.\n\nKamerNest`,
  }),
  passwordReset: (name, link) => ({
    subject: "Reset your KamerNest password",
    text: `Hello ${name},\n\nSomeone asked to reset the password of your KamerNest account. To choose a new password, open this link:\n\n${link}\n\nThe link expires in 1 hour. If you did not ask for this, you can ignore this email: your password stays the same.\n\nKamerNest`,
  }),
  signUpAttempt: (name, loginUrl, resetUrl) => ({
    subject: "Someone tried to sign up with your KamerNest email",
    text: `Hello ${name},\n\nSomeone just tried to create a KamerNest account with this email address, which already has an account. Nothing was changed.\n\nIf it was you, sign in here:\n\n${loginUrl}\n\nForgot your password? Reset it here:\n\n${resetUrl}\n\nIf it was not you, you can ignore this email.\n\nKamerNest`,
  }),
  resetWithoutAccount: (signUpUrl) => ({
    subject: "Reset your KamerNest password",
    text: `Hello,\n\nSomeone asked to reset the password of a KamerNest account with this email address, but there is no account with it. If you meant to join KamerNest, you can sign up here:\n\n${signUpUrl}\n\nIf you did not ask for this, you can ignore this email.\n\nKamerNest`,
  }),
  agentApproved: (name, portalUrl) => ({
    subject: "Your KamerNest agent account is verified",
    text: `Hello ${name},\n\nGood news: your agent verification has been approved. You can now list and manage properties in the agent portal:\n\n${portalUrl}\n\nKamerNest`,
  }),
  agentRejected: (name, reason, verificationUrl) => ({
    subject: "Your KamerNest agent verification was not approved",
    text: `Hello ${name},\n\nWe could not approve your agent verification.\n\nReason: ${reason}\n\nYou can correct your details and submit again here:\n\n${verificationUrl}\n\nKamerNest`,
  }),
};

const fr: Texts = {
  confirmation: (name, link) => ({
    subject: "Confirmez votre adresse e-mail KamerNest",
    text: `Bonjour ${name},\n\nBienvenue sur KamerNest. Veuillez confirmer votre adresse e-mail en ouvrant ce lien :\n\n${link}\n\nLe lien expire dans 24 heures. Si vous n'avez pas créé de compte, ignorez cet e-mail.\n\nKamerNest`,
  }),
  passwordReset: (name, link) => ({
    subject: "Réinitialisez votre mot de passe KamerNest",
    text: `Bonjour ${name},\n\nQuelqu'un a demandé à réinitialiser le mot de passe de votre compte KamerNest. Pour choisir un nouveau mot de passe, ouvrez ce lien :\n\n${link}\n\nLe lien expire dans 1 heure. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste le même.\n\nKamerNest`,
  }),
  signUpAttempt: (name, loginUrl, resetUrl) => ({
    subject: "Quelqu'un a essayé de s'inscrire avec votre e-mail KamerNest",
    text: `Bonjour ${name},\n\nQuelqu'un vient d'essayer de créer un compte KamerNest avec cette adresse e-mail, qui a déjà un compte. Rien n'a été modifié.\n\nSi c'était vous, connectez-vous ici :\n\n${loginUrl}\n\nMot de passe oublié ? Réinitialisez-le ici :\n\n${resetUrl}\n\nSi ce n'était pas vous, ignorez cet e-mail.\n\nKamerNest`,
  }),
  resetWithoutAccount: (signUpUrl) => ({
    subject: "Réinitialisez votre mot de passe KamerNest",
    text: `Bonjour,\n\nQuelqu'un a demandé à réinitialiser le mot de passe d'un compte KamerNest avec cette adresse e-mail, mais aucun compte n'existe avec elle. Si vous souhaitiez rejoindre KamerNest, inscrivez-vous ici :\n\n${signUpUrl}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.\n\nKamerNest`,
  }),
  agentApproved: (name, portalUrl) => ({
    subject: "Votre compte agent KamerNest est vérifié",
    text: `Bonjour ${name},\n\nBonne nouvelle : votre vérification d'agent a été approuvée. Vous pouvez maintenant publier et gérer vos biens dans l'espace agent :\n\n${portalUrl}\n\nKamerNest`,
  }),
  agentRejected: (name, reason, verificationUrl) => ({
    subject: "Votre vérification d'agent KamerNest n'a pas été approuvée",
    text: `Bonjour ${name},\n\nNous n'avons pas pu approuver votre vérification d'agent.\n\nMotif : ${reason}\n\nVous pouvez corriger vos informations et les soumettre de nouveau ici :\n\n${verificationUrl}\n\nKamerNest`,
  }),
};

const texts: Record<Language, Texts> = { en, fr };
const pick = (language: Language) => texts[language] ?? en;

export const defaultAccountEmails: AccountEmails = {
  confirmation: ({ name, link, language }) => pick(language).confirmation(name, link),
  passwordReset: ({ name, link, language }) => pick(language).passwordReset(name, link),
  signUpAttempt: ({ name, loginUrl, resetUrl, language }) => pick(language).signUpAttempt(name, loginUrl, resetUrl),
  resetWithoutAccount: ({ signUpUrl, language }) => pick(language).resetWithoutAccount(signUpUrl),
  agentApproved: ({ name, language, portalUrl }) => pick(language).agentApproved(name, portalUrl),
  agentRejected: ({ name, language, reason, verificationUrl }) => pick(language).agentRejected(name, reason, verificationUrl),
};
