import nodemailer, { type Transporter } from "nodemailer";
import type { Mailer, MailMessage } from "#domain/shared/mailer.port";

/** Sends through the SMTP server in SMTP_URL (smtp://user:pass@host:587, smtps://… for TLS). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
    });
  }
}
