import type { NoticeLanguage } from "./message.entity";

export interface NoticeText {
  subject: string;
  text: string;
}

/** Writes the "you have a new message" e-mail in the recipient's language. */
export interface MessageNoticeEmails {
  newMessage(input: {
    language: NoticeLanguage;
    recipientName: string;
    senderName: string;
    /** The listing the thread is about, or null for a general question. */
    propertyTitle: string | null;
    /** Where the recipient reads and answers: their own inbox, opened on the thread. */
    link: string;
  }): NoticeText;
}
