import type { ContactMessage } from "./contact-message.entity";
import type { ContactMessageStore, ContactRateLimit } from "./contact-message-repository.port";

export class InMemoryContactMessageStore implements ContactMessageStore, ContactRateLimit {
  readonly messages: ContactMessage[] = [];

  async save(message: ContactMessage): Promise<void> {
    this.messages.push({ ...message });
  }

  async recentSubmissions(query: { email: string; ip: string | null; since: Date }): Promise<{ byEmail: number; byIp: number }> {
    const recent = this.messages.filter((m) => m.createdAt > query.since);
    return {
      byEmail: recent.filter((m) => m.email === query.email).length,
      byIp: query.ip === null ? 0 : recent.filter((m) => m.ip === query.ip).length,
    };
  }
}
