export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends e-mail: SMTP in production, an outbox in development. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Keeps messages in memory, for tests. */
export class InMemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
  lastTo(address: string): MailMessage | undefined {
    return [...this.sent].reverse().find((m) => m.to === address);
  }
}
