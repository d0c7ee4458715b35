import type { MessageNoticeEmails, NoticeText } from "#domain/messaging/message-notice.port";
import type { NoticeLanguage } from "#domain/messaging/message.entity";

// The plain-text "new message" notice in English and French. It carries no message text: the
// reader follows the link and signs in to read it, so a forwarded or leaked e-mail reveals nothing.
type Input = Parameters<MessageNoticeEmails["newMessage"]>[0];

const en = ({ recipientName, senderName, propertyTitle, link }: Input): NoticeText => ({
  subject: `New message from ${senderName} on KamerNest`,
  text:
    `Hello ${recipientName},\n\n${senderName} sent you a message` +
    (propertyTitle ? ` about "${propertyTitle}"` : "") +
    `.\n\nRead it and answer here:\n\n${link}\n\n` +
    `You get at most one e-mail per conversation per hour; later messages are waiting in your inbox.\n\nKamerNest`,
});

const fr = ({ recipientName, senderName, propertyTitle, link }: Input): NoticeText => ({
  subject: `Nouveau message de ${senderName} sur KamerNest`,
  text:
    `Bonjour ${recipientName},\n\n${senderName} vous a envoyé un message` +
    (propertyTitle ? ` au sujet de « ${propertyTitle} »` : "") +
    `.\n\nLisez-le et répondez ici :\n\n${link}\n\n` +
    `Vous recevez au plus un e-mail par conversation et par heure ; les messages suivants vous attendent dans votre messagerie.\n\nKamerNest`,
});

const texts: Record<NoticeLanguage, (input: Input) => NoticeText> = { en, fr };

export const defaultMessageEmails: MessageNoticeEmails = {
  newMessage: (input) => (texts[input.language] ?? en)(input),
};
